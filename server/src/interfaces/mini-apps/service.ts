/**
 * LINE MINI App service messages (LINE MINI App API reference, "Service Messages"; LINE MINI App
 * docs, "Sending service messages"): issuing a service notification token from a person's LIFF
 * access token and sending a template with it, on the simulated clock. The shapes of the requests
 * were checked at the door (routes.ts); what is here needs the world, the tokens or the clock.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceMessages } from '#contract/mini-apps.js';
import type { Clock } from '../../clock/clock.js';
import { ApiError, accessDenied, badRequest, invalidBody } from '../../http/errors.js';
import type { LiveHub } from '../../live/hub.js';
import { hashToken, randomAlnum } from '../../tokens/secrets.js';
import type { ChannelRow, WorldStore } from '../../world/world-store.js';
import type { UserTokenService } from '../social/index.js';
import {
  NOT_RENEWED,
  noticeOf,
  SENDS_PER_TOKEN,
  templateParamProblems,
  TOKEN_LIFETIME_MS,
  tokenAnswer,
  type IssueTokenBody,
  type SendBody,
} from './rules.js';
import type { MiniAppRow, MiniAppStore } from './store.js';

/** The answer of both calls while the token can still be sent with (API reference). */
export interface NotificationTokenAnswer {
  notificationToken: string;
  /** Seconds until the token expires. */
  expiresIn: number;
  remainingCount: number;
  sessionId: string;
}

/** Service messages the host's service-message chat shows at most (the latest). */
const CHAT_LIMIT = 100;

/** 401 with the published message of a service notification token that is not valid, and why. */
function invalidNotifierToken(reason: string): ApiError {
  return new ApiError(401, { message: 'Invalid notifier token', details: [{ message: reason, property: 'notificationToken' }] });
}

export class ServiceMessageService {
  constructor(
    private readonly deps: {
      store: MiniAppStore;
      world: WorldStore;
      userTokens: UserTokenService;
      live: LiveHub;
      clock: Clock;
    },
  ) {}

  /**
   * Issues a service notification token (API reference, "Issue a service notification token"):
   * for the person of the LIFF access token, valid 1 year, 5 sends.
   * @param channel the channel of the channel access token (authenticated before)
   * @throws ApiError 403 when the channel has no MINI App, or its MINI App is unverified on the
   *   Published channel; 401 when the LIFF access token is not a valid one of this channel;
   *   400 when a token was already issued from this LIFF access token (nothing written)
   */
  async issue(channel: ChannelRow, body: IssueTokenBody): Promise<NotificationTokenAnswer> {
    const app = await this.miniAppOf(channel, 'issue service notification tokens');
    const liff = await this.deps.userTokens.liffAccessToken(body.liffAccessToken);
    if (!liff || liff.channel_id !== channel.channel_id)
      throw new ApiError(401, {
        message: 'Invalid LIFF access token',
        details: [{ message: `not a valid LIFF access token of channel ${channel.channel_id}`, property: 'liffAccessToken' }],
      });
    const now = this.deps.clock.now();
    const token = randomUUID();
    const row = {
      session_id: randomAlnum(22),
      liff_token_hash: hashToken(body.liffAccessToken),
      token_hash: hashToken(token),
      embed_id: app.embed_id,
      user_id: liff.user_id,
      issued_at: now,
      expires_at: now + TOKEN_LIFETIME_MS,
      remaining_count: SENDS_PER_TOKEN,
    };
    if (!(await this.deps.store.issueToken(row)))
      throw badRequest(
        'A service notification token was already issued with this LIFF access token: only one can be issued per LIFF access token',
      );
    return tokenAnswer(token, row.expires_at, now, row.remaining_count, row.session_id);
  }

  /**
   * Sends a service message (API reference, "Send a service message") to the person of the token
   * and renews the token: a new value with one send less and the same expiry, or, after the last
   * send, no token (`{expiresIn: 0, remainingCount: 0}`). The message reaches the person's
   * service-message chat (a `serviceMessage` live event).
   * @throws ApiError 403 when the channel has no MINI App, its MINI App is unverified on the
   *   Published channel, or the template is not the channel's; 401 `Invalid notifier token` when
   *   the token is unknown, renewed, used up, of another channel or expired; 400 with a detail per
   *   parameter that does not fit the template, or when the person no longer exists (nothing written)
   */
  async send(channel: ChannelRow, body: SendBody): Promise<NotificationTokenAnswer | typeof NOT_RENEWED> {
    const app = await this.miniAppOf(channel, 'send service messages');
    const usedTokenHash = hashToken(body.notificationToken);
    const token = await this.deps.store.tokenByHash(usedTokenHash);
    const now = this.deps.clock.now();
    if (!token) throw invalidNotifierToken('unknown, renewed by a send, or used up: send with the token the last answer gave');
    if (token.embed_id !== app.embed_id) throw invalidNotifierToken(`issued for another channel than ${channel.channel_id}`);
    if (Number(token.expires_at) <= now) throw invalidNotifierToken('expired: a token is valid 1 year after it was issued');
    const template = await this.deps.store.template(app.embed_id, body.templateName);
    if (!template) throw accessDenied(`The template ${body.templateName} cannot be found in channel ${channel.channel_id}`);
    const problems = templateParamProblems(template, body.params);
    if (problems.length) throw invalidBody(problems);
    if (!(await this.deps.world.user(token.user_id))) throw badRequest(`The target recipient ${token.user_id} doesn't exist`);
    const remaining = Number(token.remaining_count) - 1;
    const renewed = remaining > 0 ? randomUUID() : undefined;
    const notice = noticeOf(template, body.params, { embedId: app.embed_id, channelId: channel.channel_id, name: app.name });
    const id = await this.deps.store.send({
      sessionId: token.session_id,
      usedTokenHash,
      renewedTokenHash: renewed ? hashToken(renewed) : null,
      remainingCount: remaining,
      message: {
        user_id: token.user_id,
        embed_id: app.embed_id,
        template_name: template.name,
        notice: JSON.stringify(notice),
        sent_at: now,
      },
    });
    if (id === undefined) throw invalidNotifierToken('used by another send at the same time');
    this.deps.live.publish({ type: 'serviceMessage', userId: token.user_id });
    return renewed ? tokenAnswer(renewed, Number(token.expires_at), now, remaining, token.session_id) : NOT_RENEWED;
  }

  /** The simulator route `serviceMessages`: a person's latest service messages, oldest first. */
  async messagesOf(userId: string): Promise<ServiceMessages> {
    const rows = await this.deps.store.messagesOf(userId, CHAT_LIMIT);
    return {
      userId,
      messages: rows.map((r) => ({
        id: r.id,
        sentAt: r.sent_at,
        notice: JSON.parse(r.notice) as ServiceMessages['messages'][number]['notice'],
      })),
    };
  }

  /**
   * The channel's MINI App when it may use service messages (API reference: "This feature is only
   * available for verified MINI Apps. For unverified MINI Apps, you can test the feature on the
   * internal channel for Developing").
   * @throws ApiError 403 otherwise
   */
  private async miniAppOf(channel: ChannelRow, what: string): Promise<MiniAppRow> {
    const app = await this.deps.store.ofChannel(channel.channel_id);
    if (!app) throw accessDenied(`This channel is not authorized to ${what}: channel ${channel.channel_id} has no LINE MINI App`);
    if (Number(app.verified) !== 1 && app.stage === 'published')
      throw accessDenied(
        `This channel is not authorized to ${what}: an unverified MINI App can use service messages on its Developing channel only`,
      );
    return app;
  }
}
