/**
 * The routes of `{blockchain_url}` (spec part A), at that origin's root because a client signs
 * the path it requests. Every answer is the platform's envelope `{responseTime, statusCode,
 * statusMessage, responseData?}`, refusals included; every signed request is logged with its
 * verdict and its signature input (never the secret) for the host's Blockchain tab.
 */
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { ApiError } from '../../http/errors.js';
import { jsonBody } from '../../http/body.js';
import { door } from '../../http/door.js';
import { RETRY_AFTER_S } from '../../http/error-format.js';
import { BlockchainAuth, maskSecrets, type IncomingSigned } from './auth.js';
import { ACCEPTED, BAD_REQUEST_CODE, BlockchainError, noEndpoint, SUCCESS } from './errors.js';
import type { ItemTokenService } from './item-tokens.js';
import {
  ContractParams,
  HoldingsParams,
  MultiMintBody,
  PageQuery,
  pageOf,
  shapeRefused,
  TokenParams,
  TransactionParams,
  TransactionsQuery,
  transactionFilterOf,
  UpdateTokenBody,
  WalletParams,
} from './rules.js';
import type { BcServiceRow } from './store.js';
import type { DatabaseOutage } from '../../db/outage.js';

/** The envelope of every answer. */
export function envelope(now: number, code: { statusCode: number; statusMessage: string }, responseData?: unknown) {
  return {
    responseTime: now,
    statusCode: code.statusCode,
    statusMessage: code.statusMessage,
    ...(responseData !== undefined ? { responseData } : {}),
  };
}

interface Deps {
  auth: BlockchainAuth;
  tokens: ItemTokenService;
  clock: Clock;
  logger: Logger;
}

/** The query string as requested (after `?`), which the client signed. */
function rawQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q === -1 ? '' : req.originalUrl.slice(q + 1);
}

function incoming(req: Request): IncomingSigned {
  return {
    method: req.method,
    path: req.path,
    query: rawQuery(req),
    body: req.body === undefined || Buffer.isBuffer(req.body) ? undefined : req.body,
    header: (name) => req.get(name),
  };
}

/**
 * The gate of every signed call: authenticates the request (spec "Authentication", part A) and,
 * once the answer is sent, logs the verdict (refusals also as a warning). A refusal after
 * authentication gives the nonce back (the error handler does, before it answers).
 */
function signedRequest(deps: Deps): RequestHandler {
  return (req, res, next) => {
    const request = incoming(req);
    // Made once: the signature is checked on it, and the log shows it with its secrets masked.
    const signed = BlockchainAuth.signedInputOf(request);
    let service: BcServiceRow | undefined;
    res.on('finish', () => {
      const input = signed === null ? null : maskSecrets(signed);
      const body = res.locals.envelope as { statusCode: number; statusMessage: string } | undefined;
      const statusCode = body?.statusCode ?? (res.statusCode < 300 ? SUCCESS.statusCode : BAD_REQUEST_CODE);
      const statusMessage = body?.statusMessage ?? '';
      if (statusCode >= BAD_REQUEST_CODE) {
        deps.logger.warn(
          { method: req.method, path: req.path, statusCode, signatureInput: input },
          `blockchain request refused: ${statusMessage}`,
        );
      }
      void deps.auth.recordVerdict({
        method: req.method,
        path: req.originalUrl,
        apiKey: service?.api_key ?? req.get('service-api-key') ?? null,
        statusCode,
        statusMessage,
        signatureInput: input,
      });
    });
    deps.auth.authenticate(request, signed ?? undefined).then(
      (a) => {
        service = a.service;
        res.locals.service = a.service;
        res.locals.releaseNonce = a.release;
        next();
      },
      (e: unknown) => next(e),
    );
  };
}

/**
 * The routes of `{blockchain_url}` (spec part A endpoint table, and the platform's published calls
 * beside it): every answer is the platform's envelope; every call but the server time is signed.
 */
export function blockchainRoutes(deps: Deps): Router {
  const r = Router();
  const ok = (res: Response, data: unknown) => res.json((res.locals.envelope = envelope(deps.clock.now(), SUCCESS, data)));
  const accepted = (res: Response, txHash: string) =>
    res.status(202).json((res.locals.envelope = envelope(deps.clock.now(), ACCEPTED, { txHash })));

  // A server-to-server API: no automatic OPTIONS answer (Express's plain-text "GET, HEAD").
  r.use((req, _res, next) => next(req.method === 'OPTIONS' ? noEndpoint(req.method, req.path) : undefined));
  // The server time: signed or not, it answers.
  r.get('/v1/time', (_req, res) => void ok(res, deps.clock.now()));

  const signed = signedRequest(deps);
  const svc = (res: Response) => res.locals.service as BcServiceRow;
  // After the signature: a caller who cannot sign learns nothing of the shapes.
  const checked = door(shapeRefused);

  r.get('/v1/wallets', signed, async (_req, res) => void ok(res, await deps.tokens.wallets(svc(res))));
  r.get(
    '/v1/wallets/:address/transactions',
    signed,
    checked({ params: WalletParams, query: TransactionsQuery }, async ({ params, query }, _req, res) =>
      ok(res, await deps.tokens.walletTransactions(svc(res), params.address, transactionFilterOf(query))),
    ),
  );
  r.get(
    '/v1/wallets/:address/item-tokens/:contractId/non-fungibles',
    signed,
    checked({ params: HoldingsParams, query: PageQuery }, async ({ params, query }, _req, res) =>
      ok(res, await deps.tokens.holdings(svc(res), params.address, params.contractId, pageOf(query))),
    ),
  );
  r.get(
    '/v1/item-tokens/:contractId/non-fungibles/:tokenType/:tokenIndex',
    signed,
    checked({ params: TokenParams }, async ({ params }, _req, res) =>
      ok(res, await deps.tokens.token(svc(res), params.contractId, params.tokenType, params.tokenIndex)),
    ),
  );
  r.put(
    '/v1/item-tokens/:contractId/non-fungibles/:tokenType/:tokenIndex',
    jsonBody,
    signed,
    checked({ params: TokenParams, body: UpdateTokenBody }, async ({ params, body }, _req, res) =>
      accepted(res, await deps.tokens.update(svc(res), params.contractId, params.tokenType, params.tokenIndex, body)),
    ),
  );
  r.post(
    '/v1/item-tokens/:contractId/non-fungibles/multi-mint',
    jsonBody,
    signed,
    checked({ params: ContractParams, body: MultiMintBody }, async ({ params, body }, _req, res) =>
      accepted(res, await deps.tokens.multiMint(svc(res), params.contractId, body)),
    ),
  );
  r.get(
    '/v1/transactions/:txHash',
    signed,
    checked({ params: TransactionParams }, async ({ params }, _req, res) =>
      ok(res, await deps.tokens.transaction(svc(res), params.txHash)),
    ),
  );
  return r;
}

/** 404 in the envelope for every other method and path of the origin. */
export const blockchainNotFound: RequestHandler = (req, _res, next) => next(noEndpoint(req.method, req.path));

/**
 * The origin's error handler: refusals, body-parser and JSON errors in the envelope (`4000`), an
 * unreachable database as 503 `5030` with `Retry-After`, anything else 500 `5000` (logged).
 */
export function blockchainErrors(clock: Clock, logger: Logger, outage?: DatabaseOutage): ErrorRequestHandler {
  const answer: ErrorRequestHandler = (err, req, res) => {
    const send = (http: number, code: { statusCode: number; statusMessage: string }) => {
      const body = envelope(clock.now(), code);
      res.locals.envelope = body;
      if (!res.headersSent) res.status(http).json(body);
    };
    if (err instanceof BlockchainError) return send(err.httpStatus, err);
    if (err instanceof ApiError)
      return send(err.status === 413 ? 413 : 400, {
        statusCode: 4000,
        statusMessage: `Bad request: ${String(err.body.message ?? err.message)}`,
      });
    const e = err as { type?: unknown; status?: unknown };
    if (e.type === 'entity.too.large')
      return send(413, { statusCode: 4000, statusMessage: 'Bad request: the request body is too large (max 1 MB)' });
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
      return send(400, { statusCode: 4000, statusMessage: 'Bad request: the request could not be read' });
    if (outage?.absorb(err)) {
      res.set('Retry-After', String(RETRY_AFTER_S));
      return send(503, { statusCode: 5030, statusMessage: 'The database is temporarily unavailable; retry later' });
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    send(500, { statusCode: 5000, statusMessage: 'Internal server error' });
  };
  return (err, req, res, next) => {
    // A request refused after its nonce was taken did nothing: the nonce is given back before the
    // answer leaves, so a client that retries at once with the same nonce finds it free.
    const release = res.locals.releaseNonce as (() => Promise<void>) | undefined;
    res.locals.releaseNonce = undefined;
    if (!release) return answer(err, req, res, next);
    void release()
      .catch(() => undefined)
      .then(() => answer(err, req, res, next));
  };
}

/** The 503 body of the origin while the server starts or drains (readiness.ts). */
export function blockchainUnavailable(clock: Pick<Clock, 'now'>) {
  return (_path: string, message: string) => envelope(clock.now(), { statusCode: 5030, statusMessage: message });
}
