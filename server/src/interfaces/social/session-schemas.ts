/** Request bodies of the simulator API (docs/simulator-api.md). */
import { Type } from '@sinclair/typebox';
import { compile } from '../../http/validate.js';

/** Scopes a user access token can carry (spec part C; `chat_message.write` for sendMessages). */
// `ADD_OWN_OFFICIAL_ACCOUNTS`: the permission of the enterprise friend-list call (spec part E).
export const SCOPES = ['profile', 'openid', 'chat_message.write', 'ADD_OWN_OFFICIAL_ACCOUNTS'] as const;

/** Body of `POST /embedkit/v1/sessions`. */
export const SessionBodySchema = Type.Object(
  {
    userId: Type.String({ minLength: 1 }),
    channelId: Type.String({ minLength: 1 }),
    scopes: Type.Array(Type.Unsafe<(typeof SCOPES)[number]>({ type: 'string', enum: [...SCOPES] }), { maxItems: 4 }),
    context: Type.Optional(
      Type.Object(
        {
          type: Type.Unsafe<'utou' | 'room' | 'group' | 'none'>({ type: 'string', enum: ['utou', 'room', 'group', 'none'] }),
          chatId: Type.Optional(Type.String({ minLength: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const checkSessionBody = compile(SessionBodySchema);
