/**
 * The manage-audience API group under `/v2/bot/audienceGroup` (published `manage-audience.yml`,
 * its 12 operations), on the channel access token, each operation one API for the per-minute
 * request limit. The two file uploads (the data API host's, the same origin in embedkit) are
 * multipart bodies read with multer once the token passed. HTTP only: the rules are in service.ts.
 */
import { Router, type RequestHandler } from 'express';
import type multer from 'multer';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import { invalidBody } from '../../../http/errors.js';
import type { AudienceService, UploadForm } from './service.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import {
  AddUploadBody,
  ClickBody,
  CreateUploadBody,
  DescriptionBody,
  ImpBody,
  ListQueryParams,
  listQueryOf,
  MAX_FILE_BYTES,
  SharedListQueryParams,
} from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/** Text fields of an upload form: few and short. */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 4096;

/** The multipart reader of an upload and multer's error class. */
interface Upload {
  read: RequestHandler;
  MulterError: typeof multer.MulterError;
}

// multer (and busboy under it) is loaded at the first file upload, not at start: a server that is
// sent no audience file never holds its memory.
let loadingUpload: Promise<Upload> | undefined;

function loadUpload(): Promise<Upload> {
  loadingUpload ??= import('multer').then(({ default: multer }) => ({
    read: multer({
      storage: multer.memoryStorage(),
      limits: { files: 1, fileSize: MAX_FILE_BYTES, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    }).single('file'),
    MulterError: multer.MulterError,
  }));
  return loadingUpload;
}

/**
 * Reads a `multipart/form-data` body into `req.body` (text fields) and `req.file` (the `file`
 * part); any other body, a second file, a file under another name or a part over the limits is a
 * 400 with a detail naming the part.
 */
const multipartBody: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data'))
    return next(invalidBody([{ message: 'the body must be multipart/form-data with a text/plain part named file' }]));
  loadUpload().then(
    ({ read, MulterError }) =>
      read(req, res, (err?: unknown) => {
        if (!err) return next();
        if (err instanceof MulterError) {
          const property = err.field ?? (err.code === 'LIMIT_FILE_SIZE' || err.code === 'LIMIT_FILE_COUNT' ? 'file' : undefined);
          return next(invalidBody([{ message: multerMessage(err), ...(property ? { property } : {}) }]));
        }
        next(invalidBody([{ message: `malformed multipart body: ${err instanceof Error ? err.message : String(err)}` }]));
      }),
    next,
  );
};

function multerMessage(err: multer.MulterError): string {
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return `must be at most ${MAX_FILE_BYTES} bytes`;
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FILE_COUNT':
      return 'one file only, in the part named file';
    default:
      return 'too many or too large form fields';
  }
}

const formOf = (req: { body?: unknown; file?: { buffer: Buffer } }): UploadForm => ({
  fields: typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {},
  file: req.file?.buffer,
});

/** The router of the manage-audience operations. */
export function botAudienceRoutes(deps: BotApiDeps & { audiences: AudienceService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { audiences } = deps;
  const p = (v: unknown) => String(v);
  const base = '/v2/bot/audienceGroup';

  r.post(
    `${base}/upload`,
    api('audienceGroup.upload'),
    jsonBody,
    checked({ body: CreateUploadBody }, async ({ body }, _req, res) => {
      res.status(202).json(await audiences.createUpload(channelOf(res), body));
    }),
  );
  r.put(
    `${base}/upload`,
    api('audienceGroup.upload.add'),
    jsonBody,
    checked({ body: AddUploadBody }, async ({ body }, _req, res) => {
      await audiences.addUpload(channelOf(res), body);
      res.status(202).json({});
    }),
  );
  r.post(`${base}/upload/byFile`, api('audienceGroup.upload.byFile'), multipartBody, async (req, res) => {
    res.status(202).json(await audiences.createUploadByFile(channelOf(res), formOf(req)));
  });
  r.put(`${base}/upload/byFile`, api('audienceGroup.upload.byFile.add'), multipartBody, async (req, res) => {
    await audiences.addUploadByFile(channelOf(res), formOf(req));
    res.status(202).json({});
  });
  r.post(
    `${base}/click`,
    api('audienceGroup.click'),
    jsonBody,
    checked({ body: ClickBody }, async ({ body }, _req, res) => {
      res.status(202).json(await audiences.createClick(channelOf(res), body));
    }),
  );
  r.post(
    `${base}/imp`,
    api('audienceGroup.imp'),
    jsonBody,
    checked({ body: ImpBody }, async ({ body }, _req, res) => {
      res.status(202).json(await audiences.createImp(channelOf(res), body));
    }),
  );
  r.put(
    `${base}/:audienceGroupId/updateDescription`,
    api('audienceGroup.updateDescription'),
    jsonBody,
    checked({ body: DescriptionBody }, async ({ params, body }, _req, res) => {
      await audiences.rename(channelOf(res), p(params.audienceGroupId), body);
      res.json({});
    }),
  );
  r.get(
    `${base}/list`,
    api('audienceGroup.list'),
    checked({ query: ListQueryParams }, async ({ query }, _req, res) => {
      res.json(await audiences.list(channelOf(res), listQueryOf(query, query.includesExternalPublicGroups, true), false));
    }),
  );
  r.get(
    `${base}/shared/list`,
    api('audienceGroup.shared.list'),
    checked({ query: SharedListQueryParams }, async ({ query }, _req, res) => {
      res.json(await audiences.list(channelOf(res), listQueryOf(query, query.includesOwnedAudienceGroups, false), true));
    }),
  );
  r.get(`${base}/shared/:audienceGroupId`, api('audienceGroup.shared.get'), async (req, res) => {
    res.json(await audiences.data(channelOf(res), p(req.params.audienceGroupId)));
  });
  r.get(`${base}/:audienceGroupId`, api('audienceGroup.get'), async (req, res) => {
    res.json(await audiences.data(channelOf(res), p(req.params.audienceGroupId)));
  });
  r.delete(`${base}/:audienceGroupId`, api('audienceGroup.delete'), async (req, res) => {
    await audiences.delete(channelOf(res), p(req.params.audienceGroupId));
    res.json({});
  });
  return r;
}
