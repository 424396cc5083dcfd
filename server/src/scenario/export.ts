/**
 * Today's world as a scenario file (`embedkit export` / `start --import`): each slice of the list
 * (`slices.ts`) reads its part back, the world's channels, users and chats first, the other
 * slices' properties added to them, the defaults last. What a scenario cannot hold is left out:
 * messages, tokens, deliveries, rich menus and friendships beyond "a 1:1 chat with the bot". App
 * URLs on the demo origin get the `{demo_origin}` placeholder back, so the file works on any port.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SliceExport } from '../unit/scenario-slice.js';
import type { Scenario } from './schema.js';
import { SCENARIO_SLICES } from './slices.js';

/** Today's world as the slices read it, in the order of their list. */
export type WorldRows = readonly SliceExport[];

/** Reads each slice's part of today's world. */
export function readWorldRows(db: Kysely<Database>): Promise<WorldRows> {
  return Promise.all(SCENARIO_SLICES.map((slice) => slice.export?.(db) ?? {}));
}

/** The scenario of what the slices read; it passes the scenario checks of load.ts. */
export function scenarioOf(rows: WorldRows): Scenario {
  const file: Record<string, unknown> = Object.assign({}, ...rows.map((r) => r.file?.() ?? {}));
  const withParts = (list: unknown, part: (r: SliceExport, id: string) => Record<string, unknown> | undefined, key: string) =>
    (list as Record<string, unknown>[]).map((x) => Object.assign(x, ...rows.map((r) => part(r, x[key] as string) ?? {})));
  withParts(file.channels, (r, id) => r.channel?.(id), 'channelId');
  withParts(file.apps, (r, id) => r.app?.(id), 'embedId');
  withParts(file.users, (r, id) => r.user?.(id), 'userId');
  return file as Scenario;
}
