/**
 * The scenario file: the world embedkit starts with (channels, users, chats, apps). Documented in
 * the README with `server/scenarios/default.json` as the example.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../http/validate.js';
import { partsAt } from './slices.js';

/**
 * The file's schema: its four lists (channels, users, chats, apps), each entry with the properties
 * the slices give it, and the file's own properties, all in the order of the slices' list.
 */
export const ScenarioSchema = Type.Object(
  {
    channels: Type.Array(Type.Object(partsAt('channel'), { additionalProperties: false }), { minItems: 1 }),
    users: Type.Array(Type.Object(partsAt('user'), { additionalProperties: false }), { minItems: 1 }),
    chats: Type.Array(Type.Object(partsAt('chat'), { additionalProperties: false })),
    apps: Type.Array(Type.Object(partsAt('app'), { additionalProperties: false })),
    ...partsAt('file'),
  },
  { additionalProperties: false },
);

/** A scenario as written in its file. */
export type Scenario = Static<typeof ScenarioSchema>;

export const checkScenario = compile(ScenarioSchema);
