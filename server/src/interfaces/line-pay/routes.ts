/**
 * The LINE Pay Online API v3 on `{linepay_base_url}` (at the origin's root: a client signs the
 * path it requests). Every call is authenticated first (`auth.ts`), then its body is read as
 * JSON (`2102`) and its shape checked (`2101`); every answer is `{returnCode, returnMessage,
 * info?}` with HTTP 200, as LINE Pay answers, and the 19-digit transaction IDs are JSON numbers
 * as published (a client reads them with a big-number parser, or as `line-pay-merchant` does).
 */
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { DatabaseOutage } from '../../db/outage.js';
import { door } from '../../http/door.js';
import { MAX_BODY_BYTES } from '../../http/body.js';
import { authenticate } from './auth.js';
import {
  AmountBody,
  DetailsQuery,
  LinePayError,
  PreapprovedBody,
  RC,
  refuse,
  RefundBody,
  RegKeyParams,
  RequestBody,
  TransactionParams,
  type ReturnCode,
} from './rules.js';
import type { LinePayService } from './service.js';
import type { LinePayStore, LpMerchantRow } from './store.js';

/** The fields v3 writes as 19-digit numbers. */
const BIG_NUMBER_FIELDS = /"(transactionId|refundTransactionId|originalTransactionId)":"([0-9]{1,19})"/g;

/**
 * The JSON of an answer with its transaction IDs as bare numbers. The IDs are kept as strings
 * until here (no precision is lost) and unquoted in the text; a quote inside a string value is
 * escaped in JSON, so no value can forge the pattern.
 */
export function answerText(body: Record<string, unknown>): string {
  return JSON.stringify(body).replace(BIG_NUMBER_FIELDS, '"$1":$2');
}

/** Sends an answer: HTTP 200, the code and message, and `info` when given. */
export function sendAnswer(res: Response, code: ReturnCode, info?: unknown): void {
  res
    .status(200)
    .type('application/json;charset=UTF-8')
    .send(answerText({ returnCode: code.code, returnMessage: code.message, ...(info !== undefined ? { info } : {}) }));
}

/** The query string as requested (after `?`), which a GET's signature covers. */
function rawQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q === -1 ? '' : req.originalUrl.slice(q + 1);
}

const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

interface Deps {
  service: LinePayService;
  store: LinePayStore;
}

/**
 * The gate of every call: the raw body read, the signature checked over it (or over the query
 * string of a GET), then the body parsed as JSON. The merchant is left in `res.locals.merchant`.
 */
function signed(deps: Deps): RequestHandler[] {
  return [
    readRaw,
    (req, res, next) => {
      const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const content = req.method === 'GET' ? rawQuery(req) : text;
      authenticate(deps.store, { path: req.path, content, header: (name) => req.get(name) }).then(
        (merchant) => {
          res.locals.merchant = merchant;
          if (req.method === 'GET') {
            req.body = undefined;
            return next();
          }
          try {
            req.body = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
          } catch {
            return next(refuse(RC.json, 'The body is not JSON.'));
          }
          next();
        },
        (e: unknown) => next(e),
      );
    },
  ];
}

/** A shape refusal: `2101` naming every finding. */
const checked = door((details) =>
  refuse(RC.parameter, details.map((d) => (d.property ? `${d.property}: ${d.message}` : d.message)).join('; ')),
);

/** The routes of v3's "Online payment" APIs. */
export function linePayRoutes(deps: Deps): Router {
  const r = Router();
  const { service } = deps;
  const gate = signed(deps);
  const merchant = (res: Response) => res.locals.merchant as LpMerchantRow;
  // A server-to-server API: no automatic OPTIONS answer (Express's plain-text "GET, HEAD"), on the page's paths either.
  r.use((req, res, next) => (req.method === 'OPTIONS' ? linePayNotFound(req, res, next) : next()));

  r.post(
    '/v3/payments/request',
    gate,
    checked({ body: RequestBody }, async ({ body }, _req, res) => sendAnswer(res, RC.success, await service.request(merchant(res), body))),
  );
  r.post(
    '/v3/payments/:transactionId/confirm',
    gate,
    checked({ params: TransactionParams, body: AmountBody }, async ({ params, body }, _req, res) =>
      sendAnswer(res, RC.success, await service.confirm(merchant(res), params.transactionId, body)),
    ),
  );
  r.post(
    '/v3/payments/authorizations/:transactionId/capture',
    gate,
    checked({ params: TransactionParams, body: AmountBody }, async ({ params, body }, _req, res) =>
      sendAnswer(res, RC.success, await service.capture(merchant(res), params.transactionId, body)),
    ),
  );
  r.post(
    '/v3/payments/authorizations/:transactionId/void',
    gate,
    checked({ params: TransactionParams }, async ({ params }, _req, res) => {
      await service.void(merchant(res), params.transactionId);
      sendAnswer(res, RC.success);
    }),
  );
  r.post(
    '/v3/payments/:transactionId/refund',
    gate,
    checked({ params: TransactionParams, body: RefundBody }, async ({ params, body }, _req, res) =>
      sendAnswer(res, RC.success, await service.refund(merchant(res), params.transactionId, body.refundAmount)),
    ),
  );
  r.get(
    '/v3/payments',
    gate,
    checked({ query: DetailsQuery }, async ({ query }, _req, res) =>
      sendAnswer(res, RC.success, await service.details(merchant(res), query)),
    ),
  );
  r.get(
    '/v3/payments/requests/:transactionId/check',
    gate,
    checked({ params: TransactionParams }, async ({ params }, _req, res) =>
      sendAnswer(res, await service.check(merchant(res), params.transactionId)),
    ),
  );
  r.post(
    '/v3/payments/preapprovedPay/:regKey/payment',
    gate,
    checked({ params: RegKeyParams, body: PreapprovedBody }, async ({ params, body }, _req, res) =>
      sendAnswer(res, RC.success, await service.payPreapproved(merchant(res), params.regKey, body)),
    ),
  );
  r.get(
    '/v3/payments/preapprovedPay/:regKey/check',
    gate,
    checked({ params: RegKeyParams }, async ({ params }, _req, res) => {
      await service.checkRegKey(merchant(res), params.regKey);
      sendAnswer(res, RC.success);
    }),
  );
  r.post(
    '/v3/payments/preapprovedPay/:regKey/expire',
    gate,
    checked({ params: RegKeyParams }, async ({ params }, _req, res) => {
      await service.expireRegKey(merchant(res), params.regKey);
      sendAnswer(res, RC.success);
    }),
  );
  return r;
}

/** Every other method and path of the origin: 404, in the API's format (`2101`, naming the call). */
export const linePayNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .type('application/json;charset=UTF-8')
    .send(
      answerText({
        returnCode: RC.parameter.code,
        returnMessage: `${RC.parameter.message} No LINE Pay API at ${req.method} ${req.path.slice(0, 200)}.`,
      }),
    );
};

/**
 * The origin's error handler: refusals with their return code (HTTP 200), a body too large or
 * unreadable as `2101`/`2102`, an unreachable database as `9000` with 503, anything else `9000` with 500 (logged).
 */
export function linePayErrors(logger: Logger, outage?: DatabaseOutage): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const send = (http: number, code: ReturnCode) => {
      if (!res.headersSent)
        res
          .status(http)
          .type('application/json;charset=UTF-8')
          .send(answerText({ returnCode: code.code, returnMessage: code.message }));
    };
    if (err instanceof LinePayError) return send(200, { code: err.returnCode, message: err.returnMessage });
    const e = err as { type?: unknown; status?: unknown };
    if (e.type === 'entity.too.large')
      return send(413, { code: RC.parameter.code, message: `${RC.parameter.message} The body is over 1 MB.` });
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
      return send(400, { code: RC.json.code, message: `${RC.json.message} The body could not be read.` });
    if (outage?.absorb(err)) return send(503, RC.internal);
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    send(500, RC.internal);
  };
}

/** The 503 body of the origin while the server starts or drains (readiness.ts). */
export function linePayUnavailable() {
  return (_path: string, message: string) => ({ returnCode: RC.internal.code, returnMessage: `${RC.internal.message} ${message}` });
}
