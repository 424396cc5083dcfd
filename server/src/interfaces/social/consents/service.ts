/**
 * The consents of the world (docs/platform/authorization-flow.md): what each person granted each
 * channel, their agreement to the channel consent simplification, the world's side of the
 * 2026-08-26 change, the plan of opening an app, and the consent screens the host draws. Errors
 * are the simulator API's `{message, details?}`: 404 for an unknown person, app, channel or
 * screen; 400 for a screen asking scopes its app did not register; 409 for a screen answered twice.
 */
import {
  CONSENT_FLOWS,
  type AnswerConsentScreenBody,
  type ConsentFlow,
  type ConsentPlan,
  type ConsentScreen,
  type ConsentScreenKind,
  type Grant,
  type Grants,
  type OpenConsentScreenBody,
} from '#contract/simulator-api/social/consents.js';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, invalidBody, notFound, unknownChannel, unknownUser } from '../../../http/errors.js';
import type { LiveHub } from '../../../live/hub.js';
import type { WorldStore } from '../../../world/world-store.js';
import type { FriendshipService } from '../friendships.js';
import type { TokenInvalidationStore } from '../tokens/index.js';
import {
  CONSENT_DEFAULTS,
  DEFAULT_CONSENT_FLOW,
  consentPlan,
  screenScopeProblems,
  SIMPLIFIED_SCOPE,
  withScopes,
  type ConsentApp,
  type FilledConsentSettings,
} from './rules.js';
import type { ConsentScreenRow, ConsentStore } from './store.js';
import { CONSENT_FLOW_META } from './tables.js';

/** Screens a listing answers at most. */
const MAX_SCREENS = 100;

/** What the consents are built on. */
export interface ConsentDeps {
  store: ConsentStore;
  world: WorldStore;
  clock: Clock;
  friendships: FriendshipService;
  invalidations: TokenInvalidationStore;
  live: LiveHub;
}

/** A screen ID as the API shows it: `cs` and its number. */
const screenIdOf = (id: number) => `cs${id}`;

/** A screen as the API shows it. */
function screenOf(r: ConsentScreenRow): ConsentScreen {
  return {
    screenId: screenIdOf(Number(r.id)),
    kind: r.kind as ConsentScreenKind,
    userId: r.user_id,
    embedId: r.embed_id,
    channelId: r.channel_id,
    appName: r.app_name,
    scopes: JSON.parse(r.scopes) as string[],
    addFriend: r.add_friend ? (JSON.parse(r.add_friend) as ConsentScreen['addFriend']) : null,
    state: r.state as ConsentScreen['state'],
    ...(r.friend_added === null ? {} : { friendAdded: Number(r.friend_added) === 1 }),
    openedAt: Number(r.opened_at),
    ...(r.answered_at === null ? {} : { answeredAt: Number(r.answered_at) }),
  };
}

export class ConsentService {
  constructor(private readonly d: ConsentDeps) {}

  /** The world's side of the 2026-08-26 change. */
  async flow(): Promise<ConsentFlow> {
    const v = await this.d.world.getMeta(CONSENT_FLOW_META);
    return (CONSENT_FLOWS as readonly string[]).includes(v ?? '') ? (v as ConsentFlow) : DEFAULT_CONSENT_FLOW;
  }

  /** Plays the flow as it is now or as it was before 2026-08-26. */
  async setFlow(flow: ConsentFlow): Promise<{ flow: ConsentFlow }> {
    await this.d.world.setMeta(CONSENT_FLOW_META, flow);
    return { flow };
  }

  /**
   * What opening an app shows the person first (`rules.ts` {@link consentPlan}).
   * @throws ApiError 404 for an unknown person or app
   */
  async plan(userId: string, embedId: string): Promise<ConsentPlan> {
    await this.knownUser(userId);
    const app = await this.app(embedId);
    const [granted, simplificationAgreed, friendship, channel, flow] = await Promise.all([
      this.d.store.granted(userId, app.channelId),
      this.d.store.agreed(userId),
      this.d.friendships.get(userId, app.channelId),
      this.d.world.channel(app.channelId),
      this.flow(),
    ]);
    return consentPlan({
      app,
      person: { granted, simplificationAgreed, friend: friendship.state === 'friend' },
      flow,
      bot: { linked: friendship.botLinked, botName: channel?.bot_name ?? channel?.name ?? app.channelId },
    });
  }

  /** A person's grants, every channel, and their agreement. @throws ApiError 404 for an unknown person */
  async grants(userId: string): Promise<Grants> {
    await this.knownUser(userId);
    const [grants, simplificationAgreed] = await Promise.all([this.d.store.grantsOf(userId), this.d.store.agreed(userId)]);
    return { userId, grants: grants.map(({ channelId, scopes, grantedAt }) => ({ channelId, scopes, grantedAt })), simplificationAgreed };
  }

  /** The person grants a channel scopes, added to what they granted. @throws ApiError 404 for an unknown person or channel */
  async grant(userId: string, channelId: string, scopes: readonly string[]): Promise<Grant> {
    await this.knownPair(userId, channelId);
    const all = withScopes((await this.d.store.granted(userId, channelId)) ?? [], scopes);
    const grantedAt = await this.d.store.setGranted(userId, channelId, all, this.d.clock.now());
    return { channelId, scopes: all, grantedAt };
  }

  /**
   * The person revokes scopes of a channel (every one when `scopes` is undefined): the scopes are
   * gone, and every access token of theirs of the channel stops working (`/verify` and the APIs
   * refuse it, its refresh token too), so the app signs in again with what is left.
   * @throws ApiError 404 for an unknown person or channel
   */
  async revoke(
    userId: string,
    channelId: string,
    scopes?: readonly string[],
  ): Promise<{ channelId: string; scopes: string[]; tokensRevoked: number }> {
    await this.knownPair(userId, channelId);
    const before = (await this.d.store.granted(userId, channelId)) ?? [];
    const left = scopes === undefined ? [] : before.filter((s) => !scopes.includes(s));
    if (left.length) await this.d.store.setGranted(userId, channelId, left, this.d.clock.now());
    else await this.d.store.removeGrant(userId, channelId);
    const tokensRevoked = await this.d.invalidations.invalidateUser(userId, channelId, 'unlinked', this.d.clock.now());
    return { channelId, scopes: left, tokensRevoked };
  }

  /** The person agrees to the simplification, or the agreement is withdrawn. @throws ApiError 404 for an unknown person */
  async setAgreement(userId: string, agreed: boolean): Promise<{ agreed: boolean }> {
    await this.knownUser(userId);
    await this.d.store.setAgreed(userId, agreed, this.d.clock.now());
    return { agreed };
  }

  /**
   * Shows a person a consent screen (pending until answered), and tells the live feed. A
   * channel consent screen offers the add-friend option when the channel has a linked bot the
   * person is not a friend of.
   * @throws ApiError 404 for an unknown person or app; 400 for scopes the app did not register
   */
  async open(body: OpenConsentScreenBody): Promise<ConsentScreen> {
    await this.knownUser(body.userId);
    const app = await this.app(body.embedId);
    const problems = screenScopeProblems(body.kind, body.scopes, app);
    if (problems.length) throw invalidBody(problems);
    const addFriend = body.kind === 'channel-consent' ? (await this.plan(body.userId, body.embedId)).addFriend : null;
    const row = {
      kind: body.kind,
      user_id: body.userId,
      embed_id: app.embedId,
      channel_id: app.channelId,
      app_name: app.name,
      scopes: JSON.stringify([...new Set(body.scopes)]),
      add_friend: addFriend ? JSON.stringify(addFriend) : null,
      state: 'pending',
      friend_added: null,
      opened_at: this.d.clock.now(),
      answered_at: null,
    };
    const screen = screenOf({ ...row, id: await this.d.store.openScreen(row) });
    this.published(screen);
    return screen;
  }

  /** One screen. @throws ApiError 404 for an unknown screen */
  async screen(screenId: string): Promise<ConsentScreen> {
    return screenOf(await this.screenRow(screenId));
  }

  /** Screens, pending first then newest first (at most 100). @throws ApiError 404 for an unknown person */
  async screens(query: { userId?: string; pending?: 'true' | 'false' }): Promise<{ screens: ConsentScreen[] }> {
    if (query.userId !== undefined) await this.knownUser(query.userId);
    const rows = await this.d.store.screens(
      { ...(query.userId === undefined ? {} : { userId: query.userId }), pending: query.pending === 'true' },
      MAX_SCREENS,
    );
    return { screens: rows.map(screenOf) };
  }

  /**
   * The person taps Allow or Deny. Allow grants the screen's scopes to the app's channel; on the
   * simplification's screen it also agrees to the simplification; on a channel consent screen
   * whose add-friend option stays ticked (`addFriend` not false) it adds the bot as a friend (the
   * bot gets its follow event). Deny changes nothing in the world. The live feed hears of it.
   * @throws ApiError 404 for an unknown screen; 409 for a screen already answered
   */
  async answer(screenId: string, body: AnswerConsentScreenBody): Promise<ConsentScreen> {
    const row = await this.screenRow(screenId);
    const allow = body.answer === 'allow';
    const addFriend = allow && row.add_friend !== null && body.addFriend !== false;
    const answer = {
      state: allow ? 'allowed' : 'denied',
      friend_added: row.add_friend === null ? null : addFriend ? 1 : 0,
      answered_at: this.d.clock.now(),
    };
    if (!(await this.d.store.answerScreen(Number(row.id), answer)))
      throw new ApiError(409, { message: `The consent screen ${screenId} was already answered: a screen is answered once` });
    if (allow) {
      const asked = JSON.parse(row.scopes) as string[];
      // Agreeing to the simplification consents to the user ID's scope for this MINI App too.
      const scopes = row.kind === 'simplification-consent' ? withScopes([SIMPLIFIED_SCOPE], asked) : asked;
      if (scopes.length) await this.grant(row.user_id, row.channel_id, scopes);
      if (row.kind === 'simplification-consent') await this.d.store.setAgreed(row.user_id, true, answer.answered_at);
      if (addFriend && (await this.d.friendships.get(row.user_id, row.channel_id)).state !== 'friend')
        await this.d.friendships.set(row.user_id, row.channel_id, { state: 'friend' });
    }
    const screen = screenOf({ ...row, ...answer });
    this.published(screen);
    return screen;
  }

  private published(screen: ConsentScreen): void {
    this.d.live.publish({ type: 'consentScreen', screenId: screen.screenId, userId: screen.userId, state: screen.state });
  }

  /** @throws ApiError 404 for an unknown screen (or an ID that is not one) */
  private async screenRow(screenId: string): Promise<ConsentScreenRow> {
    const n = /^cs([1-9][0-9]{0,15})$/.exec(screenId);
    const row = n ? await this.d.store.screen(Number(n[1])) : undefined;
    if (!row) throw notFound(`Unknown consent screen ${screenId}`);
    return row;
  }

  /** The app as the flow sees it. @throws ApiError 404 for an unknown app */
  private async app(embedId: string): Promise<ConsentApp> {
    const r = await this.d.store.app(embedId);
    if (!r) throw notFound(`Unknown app ${embedId}`);
    const parsed: unknown = JSON.parse(r.scopes);
    return {
      embedId: r.embed_id,
      channelId: r.channel_id,
      name: r.name,
      scopes: Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [],
      miniApp:
        r.verified === null
          ? null
          : {
              verified: Number(r.verified) === 1,
              stage: r.stage === 'published' ? 'published' : 'developing',
              consent: {
                simplification: Number(r.consent_simplification) === 1,
                region: (r.consent_region ?? CONSENT_DEFAULTS.region) as FilledConsentSettings['region'],
                channelCreatedAt: r.consent_channel_created_at ?? CONSENT_DEFAULTS.channelCreatedAt,
              },
            },
    };
  }

  private async knownUser(userId: string): Promise<void> {
    if (!(await this.d.world.user(userId))) throw unknownUser(userId, 404);
  }

  private async knownPair(userId: string, channelId: string): Promise<void> {
    await this.knownUser(userId);
    if (!(await this.d.world.channel(channelId))) throw unknownChannel(channelId);
  }
}
