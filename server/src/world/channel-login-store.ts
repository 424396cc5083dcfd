/** SQL for the social login settings of channels (spec part C; table `channel_login`). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Application types of a login channel. A `WEB` channel must send its secret to refresh a token. */
export type ApplicationType = 'WEB' | 'NATIVE' | 'SPA';

/** A channel's login settings, with the defaults filled in. */
export interface ChannelLogin {
  channelId: string;
  applicationType: ApplicationType;
  /** Registered callback URLs; null when none are registered (see the redirect_uri rule). */
  callbackUrls: string[] | null;
  active: boolean;
  botLinked: boolean;
}

/** Settings of a channel that has no row: WEB, no callback URLs, active, bot linked. */
export function defaultChannelLogin(channelId: string): ChannelLogin {
  return { channelId, applicationType: 'WEB', callbackUrls: null, active: true, botLinked: true };
}

export class ChannelLoginStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The settings of a channel (defaults when the channel has no row; the channel is not checked). */
  async get(channelId: string): Promise<ChannelLogin> {
    const row = await this.db.selectFrom('channel_login').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    if (!row) return defaultChannelLogin(channelId);
    return {
      channelId,
      applicationType: row.application_type as ApplicationType,
      callbackUrls: row.callback_urls === null ? null : (JSON.parse(row.callback_urls) as string[]),
      active: row.active === 1,
      botLinked: row.bot_linked === 1,
    };
  }

  /** Writes the settings of the scenario's channels (first start), in one transaction. */
  async seed(settings: ChannelLogin[]): Promise<void> {
    if (settings.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const s of settings) await trx.insertInto('channel_login').values(toRow(s)).execute();
    });
  }

  /** Makes a channel active or inactive. */
  async setActive(channelId: string, active: boolean): Promise<void> {
    const current = await this.get(channelId);
    const row = toRow({ ...current, active });
    await this.db
      .insertInto('channel_login')
      .values(row)
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ active: row.active }))
      .execute();
  }
}

function toRow(s: ChannelLogin) {
  return {
    channel_id: s.channelId,
    application_type: s.applicationType,
    callback_urls: s.callbackUrls === null ? null : JSON.stringify(s.callbackUrls),
    active: s.active ? 1 : 0,
    bot_linked: s.botLinked ? 1 : 0,
  };
}
