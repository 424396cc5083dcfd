/**
 * The in-app purchase API of LINE MINI Apps on `{base_url}` (`api.line.me` in the LINE MINI App API
 * reference, "In-app purchase (Server)"): `POST /iap/v1/product/reserve` on the person's LIFF
 * access token and `GET /iap/v1/webhook/events` on the MINI App channel's channel access token,
 * every refusal in the in-app purchase format `{errorCode, message, details?}` (a body that is not
 * JSON included). HTTP only: the rules are in service.ts.
 */
import { Router, type RequestHandler } from 'express';
import { jsonBodyParser, MAX_JSON_DEPTH } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { checkReserveBody, HistoryQuery, validationError } from './rules.js';
import type { IapService } from './service.js';

const checked = door(validationError);

/** A JSON body, refused as `VALIDATION_ERROR` when it is of another type or not JSON. */
const iapJsonBody = jsonBodyParser({
  contentType: (type) => validationError([{ message: `The content type, ${type ?? 'none'}, is not supported.`, property: 'Content-Type' }]),
  notJson: (line, column) =>
    validationError([{ message: `The request body could not be parsed as JSON (line: ${line}, column: ${column}).` }]),
  tooDeep: () => validationError([{ message: `Nesting depth must be at most ${MAX_JSON_DEPTH}.` }]),
});

/** The router of both calls. */
export function iapRoutes(iap: IapService): Router {
  const r = Router();
  const liffAuth: RequestHandler = async (req, res, next) => {
    // The token is checked before the body: a caller without one learns nothing of the rules.
    res.locals.liff = await iap.liffToken(req.headers.authorization);
    next();
  };
  r.post(
    '/iap/v1/product/reserve',
    liffAuth,
    iapJsonBody,
    checked({ body: checkReserveBody }, async ({ body }, _req, res) => {
      res.json(await iap.reserve(res.locals.liff, body));
    }),
  );
  r.get(
    '/iap/v1/webhook/events',
    checked({ query: HistoryQuery }, async ({ query }, req, res) => {
      res.json(await iap.history(req.headers.authorization, query));
    }),
  );
  return r;
}
