/**
 * The social interface v1 (spec part G, deprecated): `DELETE /v1/oauth/logout`,
 * `POST /v1/oauth/accessToken`, `GET /v1/oauth/verify`. Every answer carries `Deprecation: true`
 * (the spec marks the interface and the `X-Service-ChannelToken` header deprecated; no date is shown).
 */
import express, { Router, type Request } from 'express';
import { requestId } from '../../http/request-id.js';
import type { SocialV1Service, V1Headers } from './v1.js';

// Only a form body is read; any other content type leaves the body empty (no refreshToken).
const v1Form = express.urlencoded({ extended: false, limit: 64 * 1024 });

function headersOf(req: Request): V1Headers {
  const legacy = req.headers['x-service-channeltoken'];
  return { authorization: req.headers.authorization, channelToken: Array.isArray(legacy) ? legacy[0] : legacy };
}

/** Routes of spec part G; errors are `{statusCode, statusMessage}` (services/social-v1.ts). */
export function socialV1Routes(v1: SocialV1Service): Router {
  const r = Router();
  r.use('/v1/oauth', requestId, (_req, res, next) => {
    res.set('Deprecation', 'true');
    next();
  });
  r.delete('/v1/oauth/logout', async (req, res) => {
    res.json(await v1.logout(headersOf(req)));
  });
  r.post('/v1/oauth/accessToken', v1Form, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await v1.reissue(headersOf(req), (req.body ?? {}) as Record<string, unknown>));
  });
  r.get('/v1/oauth/verify', async (req, res) => {
    res.json(await v1.verify(headersOf(req), req.query.extend));
  });
  return r;
}
