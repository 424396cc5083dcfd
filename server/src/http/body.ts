/**
 * Request body parsing with the platform's error texts (spec "Errors", bot messaging interface):
 * "The content type, X, is not supported" and "The request body could not be parsed as JSON
 * (line: X, column: X)".
 */
import express, { type RequestHandler } from 'express';
import type * as JsoncParser from 'jsonc-parser';
import { type ApiError, badRequest, invalidBody } from './errors.js';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Deepest nesting of arrays and objects in any JSON body: checked on the text before
 * parsing, so that no later step (Ajv, rules, logging) walks an unbounded depth. Above the message
 * validator's own limit of 100 (`messages/bodies.ts`), which answers with a detail.
 */
export const MAX_JSON_DEPTH = 128;

const raw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

/**
 * Reads the request body into `req.body` (a Buffer). The common case, a body sent whole with its
 * length (`Content-Length` up to {@link MAX_BODY_BYTES}, no `Transfer-Encoding`, no or `identity`
 * `Content-Encoding`), is read straight from the request stream; everything else goes through
 * body-parser (chunked bodies, compressed ones, the 413 for a body over the limit, a length that
 * is not a number). Why: body-parser's general path cost about 20 µs of CPU per request, close to a
 * tenth of a sendMessages call (`npm run bench -- http`). Node's HTTP parser already
 * holds the body to its declared length; a client that goes away before the end gets the
 * `request.aborted` error body-parser would give.
 */
const readBody: RequestHandler = (req, res, next) => {
  const length = req.headers['content-length'];
  const encoding = req.headers['content-encoding'];
  if (
    length === undefined ||
    !/^[0-9]{1,7}$/.test(length) ||
    Number(length) > MAX_BODY_BYTES ||
    req.headers['transfer-encoding'] !== undefined ||
    (encoding !== undefined && encoding !== 'identity')
  )
    return raw(req, res, next);
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer) => void chunks.push(chunk);
  const finish = (err?: unknown) => {
    req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
    next(err);
  };
  const onEnd = () => {
    req.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    finish();
  };
  // 'close' before 'end': the client went away (Node also emits 'error' then, when someone listens).
  const onAbort = () => finish(Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400 }));
  req.on('data', onData).once('end', onEnd).once('error', onAbort).once('close', onAbort);
};

/** The errors a JSON body parser answers, in the format of its interface. */
export interface JsonBodyErrors {
  /** The content type is not JSON (`type` as sent, or undefined). */
  contentType(type: string | undefined): ApiError;
  /** The body is not JSON; line and column (1-based) of the first error. */
  notJson(line: number, column: number): ApiError;
  /** The body nests deeper than {@link MAX_JSON_DEPTH}. */
  tooDeep(): ApiError;
}

/**
 * A parser of JSON bodies into `req.body`: `Content-Type: application/json` (any charset parameter
 * is accepted when it is UTF-8), at most {@link MAX_BODY_BYTES}, nested at most
 * {@link MAX_JSON_DEPTH} deep; each refusal is the interface's own error (`errors`).
 */
export function jsonBodyParser(errors: JsonBodyErrors): RequestHandler {
  return (req, res, next) => {
    const type = req.headers['content-type'];
    if (!isJsonContentType(type)) return next(errors.contentType(type));
    readBody(req, res, (err?: unknown) => {
      if (err) return next(err);
      const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      try {
        req.body = JSON.parse(text);
      } catch {
        return void jsonErrorPosition(text).then(({ line, column }) => next(errors.notJson(line, column)), next);
      }
      // V8's JSON.parse does not recurse, so the depth is checked after it: a text that is not JSON
      // gets its error position first.
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return next(errors.tooDeep());
      next();
    });
  };
}

/**
 * Parses a JSON body into `req.body` (see {@link jsonBodyParser}).
 * @throws ApiError 400 for another content type or a body that is not JSON (with its line and
 *   column), in the bot messaging format.
 */
export const jsonBody: RequestHandler = jsonBodyParser({
  contentType: (type) => badRequest(`The content type, ${type ?? 'none'}, is not supported`),
  notJson: (line, column) => badRequest(`The request body could not be parsed as JSON (line: ${line}, column: ${column})`),
  tooDeep: () => invalidBody([{ message: `Nesting depth must be at most ${MAX_JSON_DEPTH}` }]),
});

/**
 * True when brackets in `text` (outside strings) open deeper than `max` levels. Works on any
 * text, JSON or not, in one pass without recursion.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125 /* ] } */) depth--;
  }
  return false;
}

/** True for `application/json`, with or without a UTF-8 charset parameter. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const [mime, ...params] = value.split(';').map((s) => s.trim().toLowerCase());
  if (mime !== 'application/json') return false;
  return params.every((p) => !p.startsWith('charset=') || p === 'charset=utf-8' || p === 'charset="utf-8"');
}

// jsonc-parser is loaded at the first body that is not JSON, not at start: a server that is sent
// only JSON never holds its memory.
let loadingJsonc: Promise<typeof JsoncParser> | undefined;

/**
 * Line and column (both 1-based) of the first syntax error in a text that JSON.parse rejected.
 * jsonc-parser is used because V8's messages do not always carry a position.
 * @throws when jsonc-parser cannot be loaded (it is a dependency of embedkit: a broken install)
 */
export async function jsonErrorPosition(text: string): Promise<{ line: number; column: number }> {
  loadingJsonc ??= import('jsonc-parser');
  const { parse: parseTolerant } = await loadingJsonc;
  const errors: JsoncParser.ParseError[] = [];
  try {
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // The tolerant parser recurses: thousands of unclosed brackets overflow its stack. Such a
    // body fails at its end as far as anyone can tell.
  }
  // An empty body, or one the tolerant parser accepts, fails at its end.
  const offset = errors[0]?.offset ?? text.length;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const urlencoded = express.urlencoded({ extended: false, limit: MAX_BODY_BYTES });

/**
 * Parses an `application/x-www-form-urlencoded` body (OAuth token operations, spec parts B and C).
 * @param onWrongType the error to answer when the content type is another one
 */
export function formBody(onWrongType: () => ApiError): RequestHandler {
  return (req, res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return next(onWrongType());
    urlencoded(req, res, next);
  };
}
