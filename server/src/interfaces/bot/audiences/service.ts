/**
 * Audience groups of a channel (published `manage-audience.yml`): creation by user IDs (JSON or
 * file), by the clicks or impressions of an earlier broadcast or narrowcast ({@link MessageReach}),
 * adding IDs, renaming, deleting, reading one and listing; and the friends a narrowcast `recipient`
 * reaches. Times on the simulated clock. Choices: docs/platform/audiences.md.
 */
import { randomInt } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, invalidBody } from '../../../http/errors.js';
import type { ErrorDetail } from '../../../http/validate.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { MessageReach } from '../insight/index.js';
import type { AudienceStore } from './store.js';
import {
  AUDIENCE_LIFE_MS,
  audienceGroupOf,
  checkAddUploadBody,
  checkCreateUploadBody,
  createdAnswerOf,
  idsOfFile,
  idsOfJson,
  leavesOf,
  MAX_AUDIENCES_PER_CHANNEL,
  MAX_JOBS,
  MAX_REQUEST_AGE_MS,
  pageOf,
  REACH_AUDIENCE_BUILD_MS,
  REACH_REQUEST_KINDS,
  recipientProblems,
  recipientsOf,
  statusOf,
  unixSeconds,
  type AudienceGroupRow,
  type AudienceRow,
  type AudienceType,
  type ListQuery,
  type AddUploadBody,
  type ClickBody,
  type CreateUploadBody,
  type DescriptionBody,
  type ImpBody,
  type Recipient,
} from './rules.js';

/**
 * 400 `audience group not found` with the detail `AUDIENCE_GROUP_NOT_FOUND`: the published error
 * of getAudienceData and getSharedAudienceData for an audience the channel does not have, answered
 * by every operation that names one.
 */
export const audienceGroupNotFound = (): ApiError =>
  new ApiError(400, { message: 'audience group not found', details: [{ message: 'AUDIENCE_GROUP_NOT_FOUND' }] });

/** An uploaded file's fields as the multipart body carries them (text fields are strings). */
export interface UploadForm {
  fields: Record<string, unknown>;
  /** The `file` part's content, or undefined when the body has none. */
  file: Buffer | undefined;
}

export class AudienceService {
  constructor(private readonly d: { store: AudienceStore; reach: MessageReach; clock: Clock }) {}

  /**
   * `createAudienceGroup`: an UPLOAD audience of the IDs given (any user IDs, friends or not), READY
   * at once, its upload (when `audiences` is given) its first job.
   * @returns `CreateAudienceGroupResponse`
   * @throws ApiError 400 an invalid ID, or the channel holds {@link MAX_AUDIENCES_PER_CHANNEL}
   */
  async createUpload(channel: ChannelRow, b: Static<typeof CreateUploadBody>): Promise<Record<string, unknown>> {
    const isIfa = b.isIfaAudience === true;
    const ids = b.audiences ? this.ids(idsOfJson(b.audiences, isIfa)) : [];
    return this.create(channel, 'UPLOAD', b.description, { isIfa, ids, job: b.audiences ? (b.uploadDescription ?? null) : undefined });
  }

  /**
   * `createAudienceForUploadingUserIds`: as {@link createUpload} from a text file, one ID per line.
   * Text fields the official SDK sends as the string `undefined` when its caller left them out are
   * read as absent.
   * @throws ApiError 400 for a bad field, a missing, empty or malformed file
   */
  async createUploadByFile(channel: ChannelRow, form: UploadForm): Promise<Record<string, unknown>> {
    const f = fieldsOf(form.fields, ['description', 'isIfaAudience', 'uploadDescription']);
    const details: ErrorDetail[] = [];
    if (f.isIfaAudience !== undefined && f.isIfaAudience !== 'true' && f.isIfaAudience !== 'false')
      details.push({ message: 'must be true or false', property: 'isIfaAudience' });
    const body = { ...(f.description !== undefined ? { description: f.description } : {}), ...uploadDescriptionOf(f) };
    details.push(...(checkCreateUploadBody(body) ?? []));
    if (!form.file) details.push({ message: 'must be specified', property: 'file' });
    if (details.length) throw invalidBody(details);
    const isIfa = f.isIfaAudience === 'true';
    const ids = this.ids(idsOfFile(form.file!, isIfa));
    return this.create(channel, 'UPLOAD', f.description!, { isIfa, ids, job: f.uploadDescription ?? null });
  }

  /**
   * `addAudienceToAudienceGroup`: adds IDs to an UPLOAD audience of the channel as a new job.
   * @throws ApiError 400 an invalid ID, unknown audience, or one that is not an UPLOAD audience or has expired
   */
  async addUpload(channel: ChannelRow, b: Static<typeof AddUploadBody>): Promise<void> {
    const group = await this.uploadGroup(channel, b.audienceGroupId);
    await this.add(group, this.ids(idsOfJson(b.audiences, Number(group.is_ifa) === 1)), b.uploadDescription ?? null);
  }

  /**
   * `addUserIdsToAudience`: as {@link addUpload} from a text file.
   * @throws ApiError 400 as addUpload, or a missing or malformed file
   */
  async addUploadByFile(channel: ChannelRow, form: UploadForm): Promise<void> {
    const f = fieldsOf(form.fields, ['audienceGroupId', 'uploadDescription']);
    const details: ErrorDetail[] = [];
    const id = f.audienceGroupId !== undefined && /^[1-9][0-9]{0,15}$/.test(f.audienceGroupId) ? Number(f.audienceGroupId) : undefined;
    if (id === undefined)
      details.push({ message: f.audienceGroupId === undefined ? 'must be specified' : 'Must be an integer', property: 'audienceGroupId' });
    if (!form.file) details.push({ message: 'must be specified', property: 'file' });
    details.push(...(checkAddUploadBody({ audienceGroupId: id ?? 1, audiences: [{ id: '' }], ...uploadDescriptionOf(f) }) ?? []));
    if (details.length) throw invalidBody(details);
    const group = await this.uploadGroup(channel, id!);
    await this.add(group, this.ids(idsOfFile(form.file!, Number(group.is_ifa) === 1)), f.uploadDescription ?? null);
  }

  /**
   * `createClickBasedAudienceGroup`: the users who tapped a URL (`clickUrl`: that URL) of a
   * broadcast or narrowcast the channel sent in the past 60 days; IN_PROGRESS for
   * {@link REACH_AUDIENCE_BUILD_MS}, then READY.
   * @throws ApiError 400 a request ID the channel has no such request under
   */
  async createClick(channel: ChannelRow, b: Static<typeof ClickBody>): Promise<Record<string, unknown>> {
    await this.reachRequest(channel, b.requestId);
    const ids = await this.d.reach.clickedUsers(channel.channel_id, b.requestId, b.clickUrl);
    return this.create(channel, 'CLICK', b.description, { ids, requestId: b.requestId, clickUrl: b.clickUrl ?? null });
  }

  /**
   * `createImpBasedAudienceGroup`: the users who saw a message of a broadcast or narrowcast the
   * channel sent in the past 60 days; IN_PROGRESS, then READY as a click audience.
   * @throws ApiError 400 as {@link createClick}
   */
  async createImp(channel: ChannelRow, b: Static<typeof ImpBody>): Promise<Record<string, unknown>> {
    await this.reachRequest(channel, b.requestId);
    const ids = await this.d.reach.impressedUsers(channel.channel_id, b.requestId);
    return this.create(channel, 'IMP', b.description, { ids, requestId: b.requestId });
  }

  /** `updateAudienceGroupDescription`. @throws ApiError 400 unknown audience. */
  async rename(channel: ChannelRow, audienceGroupId: string, body: Static<typeof DescriptionBody>): Promise<void> {
    const group = await this.group(channel, audienceGroupId);
    await this.d.store.setDescription(group.audience_group_id, body.description);
  }

  /** `deleteAudienceGroup`. @throws ApiError 400 unknown audience. */
  async delete(channel: ChannelRow, audienceGroupId: string): Promise<void> {
    await this.d.store.delete((await this.group(channel, audienceGroupId)).audience_group_id);
  }

  /**
   * `getAudienceData` (`GetAudienceDataResponse`: the audience and its newest 50 jobs; empty for
   * CLICK and IMP audiences). `getSharedAudienceData` answers the same for the channel's own
   * audiences: a channel without a Business Manager has no audience shared with it.
   * @throws ApiError 400 unknown audience
   */
  async data(channel: ChannelRow, audienceGroupId: string): Promise<Record<string, unknown>> {
    const group = await this.group(channel, audienceGroupId);
    const jobs = await this.d.store.jobs(group.audience_group_id, MAX_JOBS);
    return {
      audienceGroup: audienceGroupOf(group, this.d.clock.now()),
      jobs: jobs.map((j) => ({
        audienceGroupJobId: j.audience_group_job_id,
        audienceGroupId: j.audience_group_id,
        ...(j.description !== null ? { description: j.description } : {}),
        type: 'DIFF_ADD',
        jobStatus: 'FINISHED',
        audienceCount: j.audience_count,
        created: unixSeconds(j.created_at),
      })),
    };
  }

  /**
   * `getAudienceGroups` (`shared: false`) and `getSharedAudienceGroups` (`shared: true`): a page of
   * the channel's audiences. Without a Business Manager nothing is shared with a channel, so the
   * shared list is empty unless `includesOwnedAudienceGroups=true` adds the channel's own.
   */
  async list(channel: ChannelRow, q: ListQuery, shared: boolean): Promise<Record<string, unknown>> {
    const rows = shared && !q.includes ? [] : await this.d.store.list(channel.channel_id);
    return pageOf(rows, q, this.d.clock.now());
  }

  /**
   * The friends a narrowcast `recipient` reaches among `friends`.
   * @throws ApiError 400 with details at the recipient's path: malformed, an audience the channel
   *   does not have, one that is not READY, a redelivery of an unknown request
   */
  async recipients(channel: ChannelRow, recipient: unknown, friends: ReadonlySet<string>): Promise<Set<string>> {
    const problems = recipientProblems(recipient);
    if (problems.length) throw invalidBody(problems);
    const r = recipient as Recipient;
    const leaves = leavesOf(r);
    const now = this.d.clock.now();
    const details: ErrorDetail[] = [];
    const members = new Map<Recipient, ReadonlySet<string>>();
    const audienceIds = leaves.flatMap(({ leaf }) => (leaf.type === 'audience' ? [leaf.audienceGroupId] : []));
    const groups = await this.d.store.members(audienceIds);
    for (const { leaf, path } of leaves) {
      if (leaf.type === 'audience') {
        const group = await this.d.store.get(channel.channel_id, leaf.audienceGroupId);
        if (!group) details.push({ message: `audience group not found: ${leaf.audienceGroupId}`, property: `${path}.audienceGroupId` });
        else if (statusOf(group, now) !== 'READY')
          details.push({
            message: `audience group ${leaf.audienceGroupId} is ${statusOf(group, now)}, not READY`,
            property: `${path}.audienceGroupId`,
          });
        else members.set(leaf, groups.get(leaf.audienceGroupId) ?? new Set());
      } else {
        const sent = await this.d.reach.request(channel.channel_id, leaf.requestId);
        if (!sent || !REACH_REQUEST_KINDS.includes(sent.kind))
          details.push({
            message: `no narrowcast or broadcast of the channel has the request ID ${leaf.requestId}`,
            property: `${path}.requestId`,
          });
        else members.set(leaf, new Set(await this.d.reach.sentUsers(channel.channel_id, leaf.requestId)));
      }
    }
    if (details.length) throw invalidBody(details);
    return recipientsOf(r, friends, (leaf) => members.get(leaf) ?? new Set());
  }

  /** The IDs of a checked upload, or its details thrown. */
  private ids(result: { ids: string[] } | { details: ErrorDetail[] }): string[] {
    if ('details' in result) throw invalidBody(result.details);
    return result.ids;
  }

  /** A channel's audience group named by a path parameter. @throws ApiError 400 unknown audience. */
  private async group(channel: ChannelRow, audienceGroupId: string | number): Promise<AudienceRow> {
    const id =
      typeof audienceGroupId === 'number' ? audienceGroupId : /^[1-9][0-9]{0,15}$/.test(audienceGroupId) ? Number(audienceGroupId) : NaN;
    const group = Number.isSafeInteger(id) ? await this.d.store.get(channel.channel_id, id) : undefined;
    if (!group) throw audienceGroupNotFound();
    return group;
  }

  /** An UPLOAD audience that can still take IDs. @throws ApiError 400 unknown, another type, expired. */
  private async uploadGroup(channel: ChannelRow, audienceGroupId: number): Promise<AudienceRow> {
    const group = await this.group(channel, audienceGroupId);
    if (group.type !== 'UPLOAD')
      throw invalidBody([
        {
          message: `audience group ${audienceGroupId} is a ${group.type} audience: only UPLOAD audiences take IDs`,
          property: 'audienceGroupId',
        },
      ]);
    if (statusOf(group, this.d.clock.now()) === 'EXPIRED')
      throw invalidBody([{ message: `audience group ${audienceGroupId} has expired`, property: 'audienceGroupId' }]);
    return group;
  }

  private async add(group: AudienceRow, ids: string[], description: string | null): Promise<void> {
    await this.d.store.addMembers(group.audience_group_id, ids, { description, audienceCount: ids.length, createdAt: this.d.clock.now() });
  }

  /** The request a click or impression audience is built from. @throws ApiError 400 unknown, another kind, too old. */
  private async reachRequest(channel: ChannelRow, requestId: string): Promise<void> {
    const sent = await this.d.reach.request(channel.channel_id, requestId);
    const fresh = sent !== undefined && this.d.clock.now() - sent.sentAt <= MAX_REQUEST_AGE_MS;
    if (!sent || !REACH_REQUEST_KINDS.includes(sent.kind) || !fresh)
      throw invalidBody([
        { message: 'must be the request ID of a broadcast or narrowcast the channel sent in the past 60 days', property: 'requestId' },
      ]);
  }

  /** Stores a new audience under a fresh 13-digit ID. @throws ApiError 400 when the channel holds the most it may. */
  private async create(
    channel: ChannelRow,
    type: AudienceType,
    description: string,
    o: { ids: string[]; isIfa?: boolean; requestId?: string; clickUrl?: string | null; job?: string | null | undefined },
  ): Promise<Record<string, unknown>> {
    if ((await this.d.store.count(channel.channel_id)) >= MAX_AUDIENCES_PER_CHANNEL)
      throw invalidBody([{ message: `a channel holds at most ${MAX_AUDIENCES_PER_CHANNEL} audiences: delete one first` }]);
    const now = this.d.clock.now();
    for (;;) {
      const group: AudienceGroupRow = {
        audience_group_id: drawAudienceGroupId(),
        channel_id: channel.channel_id,
        type,
        description,
        is_ifa: o.isIfa ? 1 : 0,
        request_id: o.requestId ?? null,
        click_url: o.clickUrl ?? null,
        created_at: now,
        ready_at: type === 'UPLOAD' ? now : now + REACH_AUDIENCE_BUILD_MS,
        expires_at: now + AUDIENCE_LIFE_MS,
      };
      const job = o.job !== undefined ? { description: o.job, audienceCount: o.ids.length, createdAt: now } : null;
      if (await this.d.store.insert(group, o.ids, job)) return createdAnswerOf(group);
    }
  }
}

/** A fresh audience ID: 13 digits, as the platform's. */
export const drawAudienceGroupId = (): number => randomInt(1_000_000_000_000, 10_000_000_000_000);

/** The text fields of a multipart body that are given (once, as text, not the SDK's `undefined`). */
function fieldsOf<K extends string>(fields: Record<string, unknown>, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const n of names) {
    const v = fields[n];
    if (typeof v === 'string' && v !== 'undefined') out[n] = v;
  }
  return out;
}

const uploadDescriptionOf = (f: { uploadDescription?: string }) =>
  f.uploadDescription !== undefined ? { uploadDescription: f.uploadDescription } : {};
