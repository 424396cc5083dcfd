/**
 * The shape of a project's `embedkit.config.json` (read by cli/options/config.ts, published at
 * `/schemas/v1/config.json`).
 */
import { Type } from '@sinclair/typebox';
import { FaultRuleBodySchema } from '#contract/faults.js';

/** The config file's shape. */
export const ConfigSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'the JSON Schema of this file, for editors' })),
    port: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 65535, description: 'TCP port of `start` (0 picks a free one); `--port` wins' }),
    ),
    scenario: Type.Optional(
      Type.Union(
        [
          Type.String({ minLength: 1, description: 'a scenario file, relative to this file' }),
          Type.Object({}, { additionalProperties: true, description: 'a scenario, inline' }),
        ],
        {
          description: 'the world loaded on first start (a path or the scenario itself); `--scenario` wins',
        },
      ),
    ),
    apps: Type.Optional(
      Type.Array(
        Type.Object(
          {
            url: Type.String({ pattern: '^https?://', description: 'the view URL, e.g. your dev server http://localhost:5173/' }),
            view: Type.Optional(
              Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'], description: 'default tall' }),
            ),
            channelId: Type.Optional(
              Type.String({ pattern: '^[0-9]{10}$', description: 'the channel it belongs to; default the first channel' }),
            ),
          },
          { additionalProperties: false },
        ),
        { maxItems: 30, description: 'apps registered at start (skipped when an app of the channel has the URL already)' },
      ),
    ),
    webhooks: Type.Optional(
      Type.Record(Type.String({ pattern: '^[0-9]{10}$' }), Type.String({ pattern: '^https?://' }), {
        description: 'webhook URL of each channel, by channel ID',
      }),
    ),
    faults: Type.Optional(
      Type.Array(FaultRuleBodySchema, {
        maxItems: 100,
        description:
          "fault rules set at start: the calls each names fail on purpose, or a channel's webhooks are redelivered, duplicated, reordered or delayed (docs/guide/faults.md)",
      }),
    ),
    allowedHosts: Type.Optional(
      Type.Union(
        [Type.Array(Type.String({ pattern: '^\\.?[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?$' }), { maxItems: 100 }), Type.Literal('all')],
        {
          description:
            'host names served besides localhost, *.localhost and IP addresses (".example.test" allows a domain and its subdomains); "all" serves any; `--allowed-hosts` wins',
        },
      ),
    ),
    headerPrefix: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9-]*-$',
        description:
          'prefix of the platform headers the spec writes as X-Service-… (signatures, request IDs, v1 tokens), e.g. X-Line- for the official SDKs; default X-Service-; `--header-prefix` wins',
      }),
    ),
    lan: Type.Optional(
      Type.Boolean({
        description: "also serve the host over HTTPS on this machine's network addresses, for phones; `--lan`",
      }),
    ),
    demoBot: Type.Optional(
      Type.Boolean({
        description:
          "run the default world's demo bots (Demo, Enterprise and Trial Bot) inside embedkit at /demo/bot; default true; false is `--no-demo-bot`",
      }),
    ),
  },
  { additionalProperties: false, title: 'embedkit.config.json' },
);
