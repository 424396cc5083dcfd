/**
 * The scenario file: the world embedkit starts with (channels, users, chats, apps). Documented in
 * the README with `server/scenarios/default.json` as the example.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schemas/validate.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const ScenarioSchema = Type.Object(
  {
    channels: Type.Array(
      Type.Object(
        {
          channelId: Type.String({ pattern: '^[0-9]{10}$' }),
          name: Type.String({ minLength: 1 }),
          secret: Type.String({ pattern: '^[0-9a-f]{32}$' }),
          plan: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['developer-trial', 'verified', 'official'] })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    users: Type.Array(
      Type.Object(
        {
          userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
          displayName: Type.String({ minLength: 1 }),
          picture: Type.Optional(Type.Boolean()),
          statusMessage: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    chats: Type.Array(
      Type.Object(
        {
          chatId: Id,
          type: Type.Unsafe<'utou' | 'room' | 'group'>({ type: 'string', enum: ['utou', 'room', 'group'] }),
          name: Type.String({ minLength: 1 }),
          members: Type.Array(Id, { minItems: 1 }),
        },
        { additionalProperties: false },
      ),
    ),
    apps: Type.Array(
      Type.Object(
        {
          embedId: Id,
          channelId: Id,
          name: Type.String({ minLength: 1 }),
          view: Type.Object(
            {
              type: Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] }),
              url: Type.String({ minLength: 1 }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    defaults: Type.Optional(
      Type.Object(
        { userId: Type.Optional(Id), language: Type.Optional(Type.String()), embedId: Type.Optional(Id) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A scenario as written in its file. */
export type Scenario = Static<typeof ScenarioSchema>;

export const checkScenario = compile(ScenarioSchema);
