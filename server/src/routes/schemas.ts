/**
 * Published JSON Schemas, for editors to autocomplete and check message objects:
 * `GET /schemas/v1/message.json` (one message object) and `GET /schemas/v1/rich-menu.json`.
 * Their `$id` is the URL they are served at.
 */
import { Router } from 'express';
import { MessageSchema, RichMenuSchema } from '../schemas/message/index.js';
import { publishSchema } from '../schemas/message/publish.js';

export function schemaRoutes(): Router {
  const r = Router();
  const cache = new Map<string, string>();
  const serve = (path: string, schema: typeof MessageSchema | typeof RichMenuSchema) =>
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
  return r;
}
