/** SQL of module channels: which channels are modules, their attachments, codes, chats' control, suspended bots. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ModuleAuthCodeTable } from './tables.js';
import type { ControlRow } from './rules.js';

/** A module channel's attachment to a bot as stored. */
export interface AttachmentRow {
  module_channel_id: string;
  bot_channel_id: string;
  /** Space-separated. */
  scopes: string;
  attached_at: number;
}

/** An authorization code of the attach flow as stored (its SHA-256 hash; `module_auth_codes`). */
export type ModuleCodeRow = Selectable<ModuleAuthCodeTable>;

export class ModuleStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a scenario's module channels and their attachments, all or nothing. */
  async seed(modules: readonly string[], attachments: readonly AttachmentRow[]): Promise<void> {
    if (modules.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('module_channels')
        .values(modules.map((channel_id) => ({ channel_id })))
        .execute();
      if (attachments.length) await trx.insertInto('module_attachments').values(attachments).execute();
    });
  }

  /** Whether the channel is a module channel. */
  async isModule(channelId: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('module_channels').select('channel_id').where('channel_id', '=', channelId).executeTakeFirst()) !==
      undefined
    );
  }

  /** Every module channel's ID, in order. */
  async modules(): Promise<string[]> {
    return (await this.db.selectFrom('module_channels').select('channel_id').orderBy('channel_id').execute()).map((r) => r.channel_id);
  }

  /** Every attachment, oldest first (the scenario export and the host). */
  async attachments(): Promise<AttachmentRow[]> {
    return this.db.selectFrom('module_attachments').selectAll().orderBy('attached_at').orderBy('bot_channel_id').execute();
  }

  /** The bots a module channel is attached to, oldest attachment first. */
  async attachmentsOf(moduleChannelId: string): Promise<AttachmentRow[]> {
    return this.db
      .selectFrom('module_attachments')
      .selectAll()
      .where('module_channel_id', '=', moduleChannelId)
      .orderBy('attached_at')
      .orderBy('bot_channel_id')
      .execute();
  }

  /** The module channels attached to a bot. */
  async modulesOf(botChannelId: string): Promise<AttachmentRow[]> {
    return this.db
      .selectFrom('module_attachments')
      .selectAll()
      .where('bot_channel_id', '=', botChannelId)
      .orderBy('module_channel_id')
      .execute();
  }

  /** An attachment, or undefined. */
  async attachment(moduleChannelId: string, botChannelId: string): Promise<AttachmentRow | undefined> {
    return this.db
      .selectFrom('module_attachments')
      .selectAll()
      .where('module_channel_id', '=', moduleChannelId)
      .where('bot_channel_id', '=', botChannelId)
      .executeTakeFirst();
  }

  /**
   * Attaches a module channel to a bot (a new attachment replaces the scopes of an earlier one).
   * @returns whether it was not attached before
   */
  async attach(row: AttachmentRow): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const had = await trx
        .deleteFrom('module_attachments')
        .where('module_channel_id', '=', row.module_channel_id)
        .where('bot_channel_id', '=', row.bot_channel_id)
        .executeTakeFirst();
      await trx.insertInto('module_attachments').values(row).execute();
      return Number(had.numDeletedRows) === 0;
    });
  }

  /**
   * Detaches a module channel from a bot and ends every control it held of the bot's chats, in one
   * transaction.
   * @returns false when it was not attached (another request won)
   */
  async detach(moduleChannelId: string, botChannelId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .deleteFrom('module_attachments')
        .where('module_channel_id', '=', moduleChannelId)
        .where('bot_channel_id', '=', botChannelId)
        .executeTakeFirst();
      await trx
        .deleteFrom('chat_controls')
        .where('module_channel_id', '=', moduleChannelId)
        .where('bot_channel_id', '=', botChannelId)
        .execute();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** Stores an authorization code (its hash). */
  async insertCode(row: ModuleCodeRow): Promise<void> {
    await this.db.insertInto('module_auth_codes').values(row).execute();
  }

  /**
   * Takes an authorization code: it is deleted whether or not it is still valid (one use).
   * @returns the code's row, or undefined when there is none (unknown or used)
   */
  async takeCode(codeHash: string): Promise<ModuleCodeRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('module_auth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) return undefined;
      const r = await trx.deleteFrom('module_auth_codes').where('code_hash', '=', codeHash).executeTakeFirst();
      return Number(r.numDeletedRows) > 0 ? row : undefined;
    });
  }

  /** Deletes the codes that ran out before `now` (ms). */
  async deleteExpiredCodes(now: number): Promise<void> {
    await this.db.deleteFrom('module_auth_codes').where('expires_at', '<', now).execute();
  }

  /** The control of a bot's chat, or undefined when the bot holds it. */
  async control(botChannelId: string, chatId: string): Promise<ControlRow | undefined> {
    return this.db
      .selectFrom('chat_controls')
      .selectAll()
      .where('bot_channel_id', '=', botChannelId)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
  }

  /** Every control a module channel holds (the host). */
  async controls(): Promise<ControlRow[]> {
    return this.db.selectFrom('chat_controls').selectAll().orderBy('bot_channel_id').orderBy('chat_id').execute();
  }

  /**
   * Gives a bot's chat to a module channel, in place of whoever held it.
   * @returns the control it replaced, or undefined when the bot held it
   */
  async putControl(row: ControlRow): Promise<ControlRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('chat_controls')
        .selectAll()
        .where('bot_channel_id', '=', row.bot_channel_id)
        .where('chat_id', '=', row.chat_id)
        .executeTakeFirst();
      if (before)
        await trx.deleteFrom('chat_controls').where('bot_channel_id', '=', row.bot_channel_id).where('chat_id', '=', row.chat_id).execute();
      await trx.insertInto('chat_controls').values(row).execute();
      return before;
    });
  }

  /**
   * Hands a bot's chat back to the bot, if `moduleChannelId` still holds it with the same end
   * (`expiresAt`, when given: so that an expiry seen by two requests ends it once).
   * @returns whether this call ended it
   */
  async endControl(botChannelId: string, chatId: string, moduleChannelId: string, expiresAt?: number | null): Promise<boolean> {
    let q = this.db
      .deleteFrom('chat_controls')
      .where('bot_channel_id', '=', botChannelId)
      .where('chat_id', '=', chatId)
      .where('module_channel_id', '=', moduleChannelId);
    if (expiresAt !== undefined) q = expiresAt === null ? q.where('expires_at', 'is', null) : q.where('expires_at', '=', expiresAt);
    return Number((await q.executeTakeFirst()).numDeletedRows) > 0;
  }

  /** Whether a bot is suspended. */
  async isSuspended(botChannelId: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('bot_suspensions')
        .select('bot_channel_id')
        .where('bot_channel_id', '=', botChannelId)
        .executeTakeFirst()) !== undefined
    );
  }

  /** The suspended bots' channel IDs. */
  async suspended(): Promise<string[]> {
    return (await this.db.selectFrom('bot_suspensions').select('bot_channel_id').orderBy('bot_channel_id').execute()).map(
      (r) => r.bot_channel_id,
    );
  }

  /**
   * Suspends or resumes a bot.
   * @returns whether its state changed
   */
  async setSuspended(botChannelId: string, suspended: boolean, now: number): Promise<boolean> {
    if (suspended) {
      const r = await this.db
        .insertInto('bot_suspensions')
        .values({ bot_channel_id: botChannelId, suspended_at: now })
        .onConflict((oc) => oc.column('bot_channel_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const r = await this.db.deleteFrom('bot_suspensions').where('bot_channel_id', '=', botChannelId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
