/**
 * SQL of the enterprise and trial bot interfaces (spec parts E and F): link message
 * templates of a channel and the v1 settings kept on the channel row.
 */
import type { Kysely } from 'kysely';
import type { LinkTemplate } from './link-message.js';
import type { Database } from '../../db/schema.js';

export class V1BotStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** A channel's template, or undefined. */
  async template(channelId: string, templateId: string): Promise<LinkTemplate | undefined> {
    const row = await this.db
      .selectFrom('link_templates')
      .select('body')
      .where('channel_id', '=', channelId)
      .where('template_id', '=', templateId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as LinkTemplate) : undefined;
  }

  /** A channel's templates in id order. */
  async templates(channelId: string): Promise<LinkTemplate[]> {
    const rows = await this.db
      .selectFrom('link_templates')
      .select('body')
      .where('channel_id', '=', channelId)
      .orderBy('template_id')
      .execute();
    return rows.map((r) => JSON.parse(r.body) as LinkTemplate);
  }

  /** Adds or replaces a template. */
  async putTemplate(channelId: string, t: LinkTemplate): Promise<void> {
    const body = JSON.stringify(t);
    await this.db
      .insertInto('link_templates')
      .values({ channel_id: channelId, template_id: t.templateId, body })
      .onConflict((oc) => oc.columns(['channel_id', 'template_id']).doUpdateSet({ body }))
      .execute();
  }

  /** Removes a template. @returns whether it existed */
  async deleteTemplate(channelId: string, templateId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('link_templates')
      .where('channel_id', '=', channelId)
      .where('template_id', '=', templateId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Sets whether block (8) and unblock (4) operations are sent to the channel's v1 bot. */
  async setBlockOperations(channelId: string, on: boolean): Promise<void> {
    await this.db
      .updateTable('channels')
      .set({ block_operations: on ? 1 : 0 })
      .where('channel_id', '=', channelId)
      .execute();
  }

  /** Every channel's templates as rows, by channel and id (`embedkit export`). */
  async allTemplates(): Promise<{ channel_id: string; template_id: string; body: string }[]> {
    return this.db.selectFrom('link_templates').selectAll().orderBy('channel_id').orderBy('template_id').execute();
  }
}
