/**
 * The simulator API's `worldReset` unit: loading a scenario into an emptied world
 * (docs/guide/scenarios.md), with its schemas.
 * Its handlers: `server/src/scenario/reset.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { JsonObject } from '../schema-builders.js';

/**
 * What `resetWorld` loaded: the scenario's name (the file the server started with, or the name
 * given with an imported one) and how many channels, users, chats and apps the world now has.
 */
export const WorldResetSchema = Type.Object({
  scenario: Type.String(),
  channels: Type.Integer(),
  users: Type.Integer(),
  chats: Type.Integer(),
  apps: Type.Integer(),
});
export type WorldReset = Static<typeof WorldResetSchema>;

/**
 * Body of `resetWorld` (docs/guide/scenarios.md, "Resetting and importing at run time"): `scenario`, a
 * scenario file's object (checked on the server like a file; its own JSON Schema is the server's,
 * so it is typed loosely here), or none for the scenario the server started with; `name`, what the
 * world records as its scenario (e.g. the imported file's path), default `imported`.
 */
export const ResetWorldBodySchema = Type.Object(
  { scenario: Type.Optional(JsonObject), name: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);

/** The `worldReset` unit's routes, one slice of `SIMULATOR_API`. */
export const WORLD_RESET_ROUTES = defineContract({
  resetWorld: {
    method: 'POST',
    path: '/world/reset',
    summary: 'empties the world and loads a scenario: the one given, or the one the server started with (live feed: world)',
    body: ResetWorldBodySchema,
    answer: WorldResetSchema,
    unit: 'worldReset',
  },
} satisfies Contract<'worldReset'>);
