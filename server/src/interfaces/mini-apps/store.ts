/** SQL of LINE MINI Apps and their service messages (migration 0028, docs/platform/mini-apps.md). */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MiniAppTable, ServiceNotificationTokenTable } from './tables.js';
import type { ServiceMessageTemplate } from './rules.js';
import { IapStore } from './iap/store.js';
import type { ScenarioInAppPurchase } from './iap/rules.js';
import type { FilledConsentSettings } from '../social/index.js';

/** A MINI App as stored, with its app's name (the card's footer). */
export type MiniAppRow = Selectable<MiniAppTable> & { name: string };

/** A service notification token as stored. */
export type NotificationTokenRow = Selectable<ServiceNotificationTokenTable>;

/** A service message as stored: the card is JSON. */
export interface ServiceMessageRow {
  id: number;
  sent_at: number;
  notice: string;
}

/** A MINI App of a scenario, ready to store. */
export interface MiniAppSeed {
  embedId: string;
  channelId: string;
  verified: boolean;
  stage: 'developing' | 'published';
  templates: readonly ServiceMessageTemplate[];
  /** Its in-app purchase, when it may use it. */
  inAppPurchase?: ScenarioInAppPurchase;
  /** Its settings of the authorization flow, filled in. */
  consent: FilledConsentSettings;
}

/** What a send writes at once: the token's renewal and the message. */
export interface SendWrite {
  sessionId: string;
  /** The hash of the token the send was made with: the renewal happens only while it is still the current one. */
  usedTokenHash: string;
  /** The hash of the renewed token, or null when the token cannot be renewed (no sends left). */
  renewedTokenHash: string | null;
  remainingCount: number;
  message: { user_id: string; embed_id: string; template_name: string; notice: string; sent_at: number };
}

/** The columns of a MINI App's settings of the authorization flow. */
function consentColumns(c: FilledConsentSettings) {
  return { consent_simplification: c.simplification ? 1 : 0, consent_region: c.region, consent_channel_created_at: c.channelCreatedAt };
}

/** A MINI App's stored settings of the authorization flow. */
export function consentOf(
  row: Pick<MiniAppRow, 'consent_simplification' | 'consent_region' | 'consent_channel_created_at'>,
): FilledConsentSettings {
  return {
    simplification: Number(row.consent_simplification) === 1,
    region: row.consent_region as FilledConsentSettings['region'],
    channelCreatedAt: row.consent_channel_created_at,
  };
}

export class MiniAppStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a scenario's MINI Apps, their templates and in-app purchase settings (the scenario loader, on an empty world). */
  async seed(apps: readonly MiniAppSeed[]): Promise<void> {
    for (const a of apps) {
      await this.db
        .insertInto('mini_apps')
        .values({
          embed_id: a.embedId,
          channel_id: a.channelId,
          verified: a.verified ? 1 : 0,
          stage: a.stage,
          ...consentColumns(a.consent),
        })
        .execute();
      if (a.templates.length)
        await this.db
          .insertInto('service_message_templates')
          .values(a.templates.map((t, i) => ({ embed_id: a.embedId, template_name: t.name, position: i, template: JSON.stringify(t) })))
          .execute();
    }
    await new IapStore(this.db).seed(
      apps.flatMap((a) =>
        a.inAppPurchase ? [{ embedId: a.embedId, webhookUrl: a.inAppPurchase.webhookUrl ?? null, products: a.inAppPurchase.products }] : [],
      ),
    );
  }

  /** Every MINI App: its app's embed ID, whether it is verified and its stage (the world the host reads). */
  list(): Promise<Pick<MiniAppRow, 'embed_id' | 'verified' | 'stage'>[]> {
    return this.db.selectFrom('mini_apps').select(['embed_id', 'verified', 'stage']).execute();
  }

  /** The MINI App of a channel (a channel has at most one), or undefined. */
  ofChannel(channelId: string): Promise<MiniAppRow | undefined> {
    return this.withName().where('mini_apps.channel_id', '=', channelId).executeTakeFirst();
  }

  /** A MINI App by its app's embed ID, or undefined. */
  ofEmbed(embedId: string): Promise<MiniAppRow | undefined> {
    return this.withName().where('mini_apps.embed_id', '=', embedId).executeTakeFirst();
  }

  /**
   * The query of MINI Apps as {@link MiniAppRow}s: each `mini_apps` row with its app's `name`,
   * which only `apps` holds (a MINI App without its app is not found). Unfiltered: the caller adds
   * the `where` that picks the app. Throws nothing itself (a query builder; it runs on execute).
   */
  private withName() {
    return this.db
      .selectFrom('mini_apps')
      .innerJoin('apps', 'apps.embed_id', 'mini_apps.embed_id')
      .selectAll('mini_apps')
      .select('apps.name');
  }

  /** Writes a MINI App's settings of the authorization flow (filled in). @returns false for an app that is not a MINI App */
  async setConsent(embedId: string, consent: FilledConsentSettings): Promise<boolean> {
    const r = await this.db.updateTable('mini_apps').set(consentColumns(consent)).where('embed_id', '=', embedId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A template of a MINI App by its full name (`thankyou_msg_en`), or undefined. */
  async template(embedId: string, templateName: string): Promise<ServiceMessageTemplate | undefined> {
    const row = await this.db
      .selectFrom('service_message_templates')
      .select('template')
      .where('embed_id', '=', embedId)
      .where('template_name', '=', templateName)
      .executeTakeFirst();
    return row && (JSON.parse(row.template) as ServiceMessageTemplate);
  }

  /**
   * Stores a new service notification token unless one was already issued from the same LIFF
   * access token (one per LIFF access token: the unique hash decides, so two requests at once
   * cannot both get one).
   * @returns false when the LIFF access token already has one (nothing written)
   */
  async issueToken(row: NotificationTokenRow): Promise<boolean> {
    const result = await this.db
      .insertInto('service_notification_tokens')
      .values(row)
      .onConflict((oc) => oc.column('liff_token_hash').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** The token whose current value has this hash, or undefined (never issued, or renewed since). */
  tokenByHash(tokenHash: string): Promise<NotificationTokenRow | undefined> {
    return this.db.selectFrom('service_notification_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Renews the token and stores the message, both or neither: the renewal takes effect only while
   * the token used is still the current one with sends left, so of two sends with one token only
   * one goes through.
   * @returns the message's ID, or undefined when the token was renewed or used up meanwhile (nothing written)
   */
  async send(w: SendWrite): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const renewed = await trx
        .updateTable('service_notification_tokens')
        .set({ token_hash: w.renewedTokenHash, remaining_count: w.remainingCount })
        .where('session_id', '=', w.sessionId)
        .where('token_hash', '=', w.usedTokenHash)
        .where('remaining_count', '=', w.remainingCount + 1)
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) !== 1) return undefined;
      const { id } = await trx
        .insertInto('service_messages')
        .values({ ...w.message, session_id: w.sessionId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  /** A person's latest service messages (at most `limit`), oldest first. */
  async messagesOf(userId: string, limit: number): Promise<ServiceMessageRow[]> {
    const rows = await this.db
      .selectFrom('service_messages')
      .select(['id', 'sent_at', 'notice'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ id: Number(r.id), sent_at: Number(r.sent_at), notice: r.notice }));
  }

  /** Every MINI App as stored and every template, by app and position (the scenario export). */
  async scenarioRows() {
    const [apps, templates] = await Promise.all([
      this.db.selectFrom('mini_apps').selectAll().execute(),
      this.db.selectFrom('service_message_templates').selectAll().orderBy('embed_id').orderBy('position').execute(),
    ]);
    return { apps, templates };
  }
}
