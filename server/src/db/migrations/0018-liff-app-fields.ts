/** Migration `0018_liff_app_fields`. Once it has shipped, never edit it: add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The registry's apps carry the LIFF server API's settings (liff.yml `LiffApp`): the view's module
 * mode, the features, the permanent link pattern, the scopes (a JSON array of scope names) and the
 * bot prompt. Apps already stored get the published defaults (`scope` `["profile",
 * "chat_message.write"]`, `botPrompt` `none`, features and module mode off, `concat`).
 */
export async function addLiffAppFields(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('apps')
    .addColumn('module_mode', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('feature_ble', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('feature_qr_code', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('permanent_link_pattern', 'text', (c) => c.notNull().defaultTo('concat'))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('["profile","chat_message.write"]'))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('bot_prompt', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
}
