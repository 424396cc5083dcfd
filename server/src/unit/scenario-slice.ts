/**
 * A unit's part of the scenario file (docs/guide/scenarios.md): the properties it adds to the
 * file's channels, users, chats, apps or the file itself, the checks of them that need more than
 * their schema, how it seeds them into an empty database, and how it reads them back out of
 * today's world. The scenario loader (`scenario/`) asks each slice of its list in turn, so a unit
 * adds its part of the world file without editing the loader.
 */
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WorldStore } from '../world/world-store.js';

/**
 * Where a slice's properties go: each channel, user, chat or app of the file, or the file itself.
 * Each is a TypeBox object's properties; the file's schema is the slices' properties in the order
 * of the list, so the order of the list is the order of the file's properties.
 */
export interface ScenarioParts {
  channel?: TProperties;
  user?: TProperties;
  chat?: TProperties;
  app?: TProperties;
  file?: TProperties;
}

/** The static type of one place's properties, or nothing when the slice adds none there. */
type Props<P> = P extends TProperties ? Static<TObject<P>> : unknown;

/** Two slices' parts as one (a slice that reads another's properties, the world's IDs most often). */
export type MergedParts<A extends ScenarioParts, B extends ScenarioParts> = {
  [K in keyof ScenarioParts]-?: (A[K] extends TProperties ? A[K] : NoProps) & (B[K] extends TProperties ? B[K] : NoProps);
};

/** No properties. */
type NoProps = Record<never, never>;

/** The scenario file as a slice with parts `P` sees it: the four lists, each entry with `P`'s properties. */
export type ScenarioView<P extends ScenarioParts> = {
  channels: Props<P['channel']>[];
  users: Props<P['user']>[];
  chats: Props<P['chat']>[];
  apps: Props<P['app']>[];
} & Props<P['file']>;

/** What seeding is given: the database (or a reset's transaction), the world store on it, the time and the demo origin. */
export interface SeedContext {
  db: Kysely<Database>;
  world: WorldStore;
  /** The time the world is loaded at (ms of the kit's clock). */
  now: number;
  /** What `{demo_origin}` in the file stands for. */
  demoOrigin: string;
}

/** The IDs the file declares, for the checks of a slice that refers to them. */
export interface DeclaredIds {
  channels: ReadonlySet<string>;
  users: ReadonlySet<string>;
}

/**
 * A slice's part of today's world, read out of the database (`embedkit export`). Each function
 * answers properties to put in the file, with fields at their default left out; the result passes
 * the slice's checks.
 */
export interface SliceExport {
  /** Properties of the file itself (a list the slice builds: the world's channels, the apps, the blockchain section). */
  file?(): Record<string, unknown>;
  /** Properties added to a channel, built by an earlier slice. */
  channel?(channelId: string): Record<string, unknown>;
  /** Properties added to an app, built by an earlier slice. */
  app?(embedId: string): Record<string, unknown>;
  /** Properties added to a user, built by an earlier slice. */
  user?(userId: string): Record<string, unknown>;
}

/**
 * One slice of the scenario file.
 * @typeParam P its properties, by place
 * @typeParam V what its functions read of the file: by default its own properties, else typed by
 *   {@link ScenarioView} of its parts merged with those of the slices it reads ({@link MergedParts})
 */
export interface ScenarioSlice<P extends ScenarioParts = ScenarioParts, V = ScenarioView<P>> {
  /** Named in docs and errors: the unit or feature it belongs to. */
  name: string;
  /** Its properties, by place. */
  parts: P;
  /**
   * Its checks beyond the schema (IDs that must point at something, one field against another),
   * run once the whole file passes its schema; each problem as `<path>: <problem>`.
   */
  problems?(s: V, ids: DeclaredIds): string[];
  /**
   * Writes its part of the file into an empty world, after the slices before it in the list.
   * @throws ScenarioError (`unit/scenario-slice.ts`) for what the checks cannot see (a key that is not usable)
   */
  seed?(s: V, at: SeedContext): Promise<void>;
  /** Reads its part of today's world (`embedkit export`). */
  export?(db: Kysely<Database>): Promise<SliceExport>;
  /**
   * A restart on a world loaded before, where the demo origin changed: what the slice keeps of it
   * (app URLs) moves from `from` to `to`.
   */
  moveDemoOrigin?(db: Kysely<Database>, from: string, to: string): Promise<void>;
}

/** A slice of any parts, as a list of them holds it (each slice types its own view of the file). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenarioSlice = ScenarioSlice<any, any>;

/**
 * A slice declared with its types inferred: its parts, and the view its functions read (its own
 * parts, merged with `reads` when given: the world's, most often).
 */
export function scenarioSlice<P extends ScenarioParts, R extends ScenarioParts = ScenarioParts>(
  slice: ScenarioSlice<P, ScenarioView<MergedParts<P, R>>> & { reads?: R },
): ScenarioSlice<P, ScenarioView<MergedParts<P, R>>> {
  return slice;
}

/** A scenario that passed every slice's checks but cannot be loaded (an assertion key that is not a usable RSA key). */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}
