/** SQL of audience groups: the groups of a channel, their members and their upload jobs. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AudienceJobTable } from './tables.js';
import type { AudienceGroupRow, AudienceRow } from './rules.js';

/** Members written per statement (SQLite's bound-parameter limit is far above 2 × this). */
const MEMBERS_PER_INSERT = 500;

/** An upload job to record with a write: its description and the number of IDs it uploaded. */
export interface NewJob {
  description: string | null;
  audienceCount: number;
  createdAt: number;
}

export class AudienceStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Audience groups of a channel. */
  async count(channelId: string): Promise<number> {
    const r = await this.db
      .selectFrom('audience_groups')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Creates an audience group with its members and, for an upload, its first job, all or nothing.
   * @returns false when the ID is taken (the caller draws another)
   */
  async insert(group: AudienceGroupRow, memberIds: readonly string[], job: NewJob | null): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('audience_groups').values(group).execute();
        await addMembers(trx, group.audience_group_id, memberIds);
        if (job) await insertJob(trx, group.audience_group_id, job);
      });
      return true;
    } catch (e) {
      const taken = await this.db
        .selectFrom('audience_groups')
        .select('audience_group_id')
        .where('audience_group_id', '=', group.audience_group_id)
        .executeTakeFirst();
      if (taken) return false;
      throw e;
    }
  }

  /** Stores the audiences a scenario declares, all or nothing. */
  async seed(groups: readonly { group: AudienceGroupRow; ids: readonly string[] }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const g of groups) {
        await trx.insertInto('audience_groups').values(g.group).execute();
        await addMembers(trx, g.group.audience_group_id, g.ids);
      }
    });
  }

  /** A channel's audience group with its member count, or undefined. */
  async get(channelId: string, audienceGroupId: number): Promise<AudienceRow | undefined> {
    return (await this.rows(channelId, audienceGroupId))[0];
  }

  /** Every audience group of a channel with its member count. */
  list(channelId: string): Promise<AudienceRow[]> {
    return this.rows(channelId);
  }

  private async rows(channelId: string, audienceGroupId?: number): Promise<AudienceRow[]> {
    let q = this.db
      .selectFrom('audience_groups as g')
      .leftJoin('audience_members as m', 'm.audience_group_id', 'g.audience_group_id')
      .selectAll('g')
      .select((eb) => eb.fn.count<string | number>('m.member_id').as('audience_count'))
      .where('g.channel_id', '=', channelId)
      .groupBy([
        'g.audience_group_id',
        'g.channel_id',
        'g.type',
        'g.description',
        'g.is_ifa',
        'g.request_id',
        'g.click_url',
        'g.created_at',
        'g.ready_at',
        'g.expires_at',
      ]);
    if (audienceGroupId !== undefined) q = q.where('g.audience_group_id', '=', audienceGroupId);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      audience_group_id: Number(r.audience_group_id),
      is_ifa: Number(r.is_ifa),
      created_at: Number(r.created_at),
      ready_at: Number(r.ready_at),
      expires_at: Number(r.expires_at),
      audience_count: Number(r.audience_count),
    }));
  }

  /** Adds members to an audience group and records the upload job, together. */
  async addMembers(audienceGroupId: number, memberIds: readonly string[], job: NewJob): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await addMembers(trx, audienceGroupId, memberIds);
      await insertJob(trx, audienceGroupId, job);
    });
  }

  /** Renames an audience group. */
  async setDescription(audienceGroupId: number, description: string): Promise<void> {
    await this.db.updateTable('audience_groups').set({ description }).where('audience_group_id', '=', audienceGroupId).execute();
  }

  /** Deletes an audience group with its members and jobs. */
  async delete(audienceGroupId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('audience_members').where('audience_group_id', '=', audienceGroupId).execute();
      await trx.deleteFrom('audience_jobs').where('audience_group_id', '=', audienceGroupId).execute();
      await trx.deleteFrom('audience_groups').where('audience_group_id', '=', audienceGroupId).execute();
    });
  }

  /** The members of audience groups, by group. */
  async members(audienceGroupIds: readonly number[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>(audienceGroupIds.map((id) => [id, new Set<string>()]));
    if (!audienceGroupIds.length) return out;
    const rows = await this.db
      .selectFrom('audience_members')
      .select(['audience_group_id', 'member_id'])
      .where('audience_group_id', 'in', [...audienceGroupIds])
      .execute();
    for (const r of rows) out.get(Number(r.audience_group_id))?.add(r.member_id);
    return out;
  }

  /** The newest `limit` jobs of an audience group, newest first. */
  async jobs(audienceGroupId: number, limit: number): Promise<AudienceJobTableRow[]> {
    const rows = await this.db
      .selectFrom('audience_jobs')
      .selectAll()
      .where('audience_group_id', '=', audienceGroupId)
      .orderBy('created_at', 'desc')
      .orderBy('audience_group_job_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      audience_group_job_id: Number(r.audience_group_job_id),
      audience_group_id: Number(r.audience_group_id),
      description: r.description,
      audience_count: Number(r.audience_count),
      created_at: Number(r.created_at),
    }));
  }

  /** Every audience group of every channel with its member IDs (the scenario export). */
  async exportAll(): Promise<{ group: AudienceGroupRow; memberIds: string[] }[]> {
    const groups = await this.db.selectFrom('audience_groups').selectAll().orderBy('channel_id').orderBy('created_at').execute();
    const members = await this.members(groups.map((g) => Number(g.audience_group_id)));
    return groups.map((g) => ({
      group: {
        ...g,
        audience_group_id: Number(g.audience_group_id),
        is_ifa: Number(g.is_ifa),
        created_at: Number(g.created_at),
        ready_at: Number(g.ready_at),
        expires_at: Number(g.expires_at),
      },
      memberIds: [...(members.get(Number(g.audience_group_id)) ?? [])].sort(),
    }));
  }

  /** Every group and member as stored, by channel, creation and ID (members by ID): what the scenario export reads. */
  async scenarioRows(): Promise<{ groups: AudienceGroupRow[]; members: { audience_group_id: number; member_id: string }[] }> {
    const [groups, members] = await Promise.all([
      this.db.selectFrom('audience_groups').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('audience_group_id').execute(),
      this.db.selectFrom('audience_members').selectAll().orderBy('member_id').execute(),
    ]);
    return { groups, members };
  }
}

/** A job row as read back. */
export type AudienceJobTableRow = Selectable<AudienceJobTable>;

async function addMembers(trx: Transaction<Database>, audienceGroupId: number, memberIds: readonly string[]): Promise<void> {
  for (let i = 0; i < memberIds.length; i += MEMBERS_PER_INSERT) {
    const values = memberIds.slice(i, i + MEMBERS_PER_INSERT).map((member_id) => ({ audience_group_id: audienceGroupId, member_id }));
    await trx
      .insertInto('audience_members')
      .values(values)
      .onConflict((oc) => oc.columns(['audience_group_id', 'member_id']).doNothing())
      .execute();
  }
}

async function insertJob(trx: Transaction<Database>, audienceGroupId: number, job: NewJob): Promise<void> {
  await trx
    .insertInto('audience_jobs')
    .values({
      audience_group_id: audienceGroupId,
      description: job.description,
      audience_count: job.audienceCount,
      created_at: job.createdAt,
    })
    .execute();
}
