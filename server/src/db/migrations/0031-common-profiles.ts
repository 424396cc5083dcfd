/** Migration `0031_common_profiles`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * People's Common Profiles (LINE MINI Apps' Quick-fill, docs/guide/liff.md "Sub windows and
 * Quick-fill"): a user may have one, as JSON with the plugin's entry names as keys
 * (`{"family-name": "…", "sex-enum": 1, …}`); null: none.
 */
export async function addCommonProfiles(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('common_profile', 'text').execute();
}
