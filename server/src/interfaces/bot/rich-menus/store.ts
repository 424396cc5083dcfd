/**
 * SQL for rich menus (objects: spec part B "Rich menu objects"): the menus of a channel
 * with their one image, the channel's default menu, per-user menus and aliases. Every query is
 * scoped to one channel: a bot never sees another bot's menus.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RichMenuTable } from './tables.js';

/** A stored rich menu row. */
export type RichMenuRow = Selectable<RichMenuTable>;

/** One operation of a rich menu batch (the platform's published request). */
export type RichMenuBatchOperation = { type: 'link'; from: string; to: string } | { type: 'unlink'; from: string } | { type: 'unlinkAll' };

export class RichMenuStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<RichMenuRow, 'image' | 'image_type'>): Promise<void> {
    await this.db
      .insertInto('rich_menus')
      .values({ ...row, image: null, image_type: null })
      .execute();
  }

  /** The menu without its image bytes, or undefined when the channel has no such menu. */
  async get(channelId: string, richMenuId: string): Promise<Omit<RichMenuRow, 'image'> | undefined> {
    return this.db
      .selectFrom('rich_menus')
      .select(['rich_menu_id', 'channel_id', 'body', 'created_at', 'image_type'])
      .where('channel_id', '=', channelId)
      .where('rich_menu_id', '=', richMenuId)
      .executeTakeFirst();
  }

  /** Menus of a channel, oldest first, without image bytes. */
  async list(channelId: string): Promise<Omit<RichMenuRow, 'image'>[]> {
    return this.db
      .selectFrom('rich_menus')
      .select(['rich_menu_id', 'channel_id', 'body', 'created_at', 'image_type'])
      .where('channel_id', '=', channelId)
      .orderBy('created_at')
      .orderBy('rich_menu_id')
      .execute();
  }

  /** Deletes a menu with its default setting, links and aliases. @returns whether it existed. */
  async delete(channelId: string, richMenuId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('rich_menu_defaults').where('rich_menu_id', '=', richMenuId).where('channel_id', '=', channelId).execute();
      await tx.deleteFrom('rich_menu_links').where('rich_menu_id', '=', richMenuId).where('channel_id', '=', channelId).execute();
      await tx.deleteFrom('rich_menu_aliases').where('rich_menu_id', '=', richMenuId).where('channel_id', '=', channelId).execute();
      const r = await tx
        .deleteFrom('rich_menus')
        .where('channel_id', '=', channelId)
        .where('rich_menu_id', '=', richMenuId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** Stores the image when the menu has none yet (one UPDATE). @returns false when it already had one. */
  async setImage(channelId: string, richMenuId: string, type: string, image: Buffer): Promise<boolean> {
    const r = await this.db
      .updateTable('rich_menus')
      .set({ image, image_type: type })
      .where('channel_id', '=', channelId)
      .where('rich_menu_id', '=', richMenuId)
      .where('image', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The menu's image, or undefined when none was uploaded. */
  async image(channelId: string, richMenuId: string): Promise<{ type: string; data: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('rich_menus')
      .select(['image', 'image_type'])
      .where('channel_id', '=', channelId)
      .where('rich_menu_id', '=', richMenuId)
      .executeTakeFirst();
    if (!row?.image || !row.image_type) return undefined;
    return { type: row.image_type, data: Buffer.from(row.image) };
  }

  async setDefault(channelId: string, richMenuId: string): Promise<void> {
    await this.db
      .insertInto('rich_menu_defaults')
      .values({ channel_id: channelId, rich_menu_id: richMenuId })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ rich_menu_id: richMenuId }))
      .execute();
  }

  async getDefault(channelId: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('rich_menu_defaults').select('rich_menu_id').where('channel_id', '=', channelId).executeTakeFirst();
    return r?.rich_menu_id;
  }

  async cancelDefault(channelId: string): Promise<void> {
    await this.db.deleteFrom('rich_menu_defaults').where('channel_id', '=', channelId).execute();
  }

  /** Links the menu to every user given (replacing their previous menu), in one transaction. */
  async link(channelId: string, userIds: readonly string[], richMenuId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const userId of userIds) {
        await tx
          .insertInto('rich_menu_links')
          .values({ channel_id: channelId, user_id: userId, rich_menu_id: richMenuId })
          .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doUpdateSet({ rich_menu_id: richMenuId }))
          .execute();
      }
    });
  }

  /**
   * Runs a batch's operations in order in one transaction: `link` moves every user of
   * `from` to `to`, `unlink` unlinks every user of `from`, `unlinkAll` every user of the channel;
   * and records the request.
   */
  async batch(
    channelId: string,
    operations: readonly RichMenuBatchOperation[],
    request: { requestId: string; resumeKey: string | null; at: number },
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const op of operations) {
        const links = tx.updateTable('rich_menu_links').where('channel_id', '=', channelId);
        if (op.type === 'link') await links.set({ rich_menu_id: op.to }).where('rich_menu_id', '=', op.from).execute();
        else if (op.type === 'unlink')
          await tx.deleteFrom('rich_menu_links').where('channel_id', '=', channelId).where('rich_menu_id', '=', op.from).execute();
        else await tx.deleteFrom('rich_menu_links').where('channel_id', '=', channelId).execute();
      }
      await tx
        .insertInto('rich_menu_batches')
        .values({
          request_id: request.requestId,
          channel_id: channelId,
          resume_key: request.resumeKey,
          accepted_at: request.at,
          completed_at: request.at,
        })
        .execute();
    });
  }

  /** A channel's batch request, or undefined. */
  batchRequest(channelId: string, requestId: string): Promise<{ accepted_at: number; completed_at: number } | undefined> {
    return this.db
      .selectFrom('rich_menu_batches')
      .select(['accepted_at', 'completed_at'])
      .where('channel_id', '=', channelId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** Whether the channel already used this resume key. */
  async resumeKeyUsed(channelId: string, key: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('rich_menu_batches')
        .select('request_id')
        .where('channel_id', '=', channelId)
        .where('resume_key', '=', key)
        .executeTakeFirst()) !== undefined
    );
  }

  async unlink(channelId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.deleteFrom('rich_menu_links').where('channel_id', '=', channelId).where('user_id', 'in', userIds).execute();
  }

  async linked(channelId: string, userId: string): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('rich_menu_links')
      .select('rich_menu_id')
      .where('channel_id', '=', channelId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r?.rich_menu_id;
  }

  /** Inserts an alias. @returns false when the channel already has that alias ID. */
  async insertAlias(channelId: string, aliasId: string, richMenuId: string): Promise<boolean> {
    const r = await this.db
      .insertInto('rich_menu_aliases')
      .values({ channel_id: channelId, alias_id: aliasId, rich_menu_id: richMenuId })
      .onConflict((oc) => oc.columns(['channel_id', 'alias_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Points an existing alias at another menu. @returns false when there is no such alias. */
  async updateAlias(channelId: string, aliasId: string, richMenuId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('rich_menu_aliases')
      .set({ rich_menu_id: richMenuId })
      .where('channel_id', '=', channelId)
      .where('alias_id', '=', aliasId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async alias(channelId: string, aliasId: string): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('rich_menu_aliases')
      .select('rich_menu_id')
      .where('channel_id', '=', channelId)
      .where('alias_id', '=', aliasId)
      .executeTakeFirst();
    return r?.rich_menu_id;
  }

  async aliases(channelId: string): Promise<{ alias_id: string; rich_menu_id: string }[]> {
    return this.db
      .selectFrom('rich_menu_aliases')
      .select(['alias_id', 'rich_menu_id'])
      .where('channel_id', '=', channelId)
      .orderBy('alias_id')
      .execute();
  }

  /** @returns whether the alias existed. */
  async deleteAlias(channelId: string, aliasId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('rich_menu_aliases')
      .where('channel_id', '=', channelId)
      .where('alias_id', '=', aliasId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
