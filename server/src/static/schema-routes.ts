/**
 * Published JSON Schemas, for editors to autocomplete and check message objects:
 * `GET /schemas/v1/message.json` (one message object), `GET /schemas/v1/rich-menu.json`, and
 * `GET /schemas/v1/config.json` (the project's `embedkit.config.json`).
 * Their `$id` is the URL they are served at.
 */
import { Router } from 'express';
import { MessageSchema, RichMenuSchema } from '#contract/messages/index.js';
import { publishSchema } from '#contract/messages/publish.js';
import type { TSchema } from '@sinclair/typebox';
import { ConfigSchema } from '../config-schema.js';

export function schemaRoutes(): Router {
  const r = Router();
  const cache = new Map<string, string>();
  const serve = (path: string, schema: TSchema) =>
    r.get(path, (req, res) => {
      const id = `${req.protocol}://${req.get('host') ?? 'localhost'}${path}`;
      let text = cache.get(id);
      if (text === undefined) {
        text = JSON.stringify(publishSchema(schema, id), null, 2);
        if (cache.size < 16) cache.set(id, text);
      }
      res.type('application/schema+json').send(text);
    });
  serve('/schemas/v1/message.json', MessageSchema);
  serve('/schemas/v1/rich-menu.json', RichMenuSchema);
  // The project's config file: `"$schema": "http://localhost:8080/schemas/v1/config.json"`.
  serve('/schemas/v1/config.json', ConfigSchema);
  return r;
}
