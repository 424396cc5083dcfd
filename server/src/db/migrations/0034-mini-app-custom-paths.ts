/** Migration `0034_mini_app_custom_paths`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * A verified LINE MINI App's Custom Path (LINE MINI App docs, "Configuring Custom Path";
 * docs/platform/mini-apps.md): the string `https://miniapp.line.me/<custom path>` names instead of
 * its LIFF ID; null: none. Unique in the world, as the platform allows a string only once.
 */
export async function addMiniAppCustomPaths(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mini_apps').addColumn('custom_path', 'text').execute();
  await db.schema.createIndex('mini_apps_custom_path').unique().on('mini_apps').column('custom_path').execute();
}
