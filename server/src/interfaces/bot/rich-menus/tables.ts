/**
 * The rich menus' tables: menus, the default, per-user links, aliases, batch requests, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    rich_menus: RichMenuTable;
    rich_menu_defaults: RichMenuDefaultTable;
    rich_menu_links: RichMenuLinkTable;
    rich_menu_aliases: RichMenuAliasTable;
    rich_menu_batches: RichMenuBatchTable;
  }
}

/** A bot's rich menu: the object as created (JSON), and its one image once uploaded. */
export interface RichMenuTable {
  rich_menu_id: string;
  channel_id: string;
  /** The rich menu object as JSON, without `richMenuId`. */
  body: string;
  created_at: number;
  image_type: Nullable<string>;
  image: Nullable<Buffer>;
}

/** The default rich menu of a channel. */
export interface RichMenuDefaultTable {
  channel_id: string;
  rich_menu_id: string;
}

/** A per-user rich menu. */
export interface RichMenuLinkTable {
  channel_id: string;
  user_id: string;
  rich_menu_id: string;
}

/** A rich menu alias, the target of `richmenuswitch`. */
export interface RichMenuAliasTable {
  channel_id: string;
  alias_id: string;
  rich_menu_id: string;
}

/** A rich menu batch request: done at once; `resume_key` as the bot sent it. */
export interface RichMenuBatchTable {
  request_id: string;
  channel_id: string;
  resume_key: Nullable<string>;
  accepted_at: number;
  completed_at: number;
}
