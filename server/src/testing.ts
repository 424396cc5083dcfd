/**
 * `embedkit/testing`: an in-process, in-memory embedkit on free ports for a project's test suite
 * (vitest, jest, node:test), one per test file if need be.
 *
 * ```ts
 * import { startEmbedkit } from 'embedkit/testing';
 * const kit = await startEmbedkit();
 * const token = await kit.token();               // a channel access token of the default channel
 * await fetch(`${kit.url}/v2/bot/message/push`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ to: kit.world.users[0].userId, messages: [{ type: 'text', text: 'hi' }] }) });
 * await kit.stop();
 * ```
 *
 * Everything goes through the platform's HTTP interfaces and the simulator API, as a client of
 * embedkit would; only the default channel's secret, which no API answers, is read from the world
 * store.
 */
import type { FaultRuleBody, FaultView } from '#contract/faults.js';
import type { IapOrder } from '#contract/iap.js';
import type { ReviewReport } from '#contract/review.js';
import type { ReviewBody } from '#contract/simulator-api/review.js';
import type {
  ConsentFlow,
  ConsentPlan,
  ConsentScreen,
  Grant,
  Grants,
  MiniAppConsent,
  MiniAppConsentSettings,
} from '#contract/simulator-api/social/consents.js';
import type { LinePayApproveBody, LinePayTransaction } from '#contract/simulator-api/line-pay.js';
import { pino } from 'pino';
import { startServer, type RunningServer } from './serve/start.js';
import type { InterfaceUrls } from './interface-urls.js';
import { checkAdminToken } from './http/guards/admin-token.js';
import { parseAllowedHosts } from './http/guards/host-check.js';
import { readScenario } from './scenario/load.js';
import type { Scenario } from './scenario/schema.js';
import { WorldStore } from './world/world-store.js';
import type { PlatformHeaders } from './http/platform-headers.js';
import { readAnswer, SimulatorClient, type CallableRoute, type SimulatorAnswers, type SimulatorCallArgs } from '#contract/client.js';
import type { ChatMessage, World } from '#contract/wire.js';

export type { PlatformHeaders } from './http/platform-headers.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link startEmbedkit}. */
export interface StartEmbedkitOptions {
  /** The world: a scenario file's path, or a scenario object; default the default scenario. */
  scenario?: string | Scenario;
  /** Port of `{base_url}`; default 0 (a free one; the side origins get free ones too). */
  port?: number;
  /** Log level of the server (pino); default `silent`. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Host names served besides `localhost`, `*.localhost` and IP addresses (e.g. the name a
   * container reaches the kit by); `'all'` serves any `Host`. Other names get 403 (DNS rebinding).
   */
  allowedHosts?: string[] | 'all';
  /**
   * Prefix of the platform headers the spec writes as `X-Service-…` (webhook signatures, request
   * IDs, the v1 headers); default `X-Service-`. `X-Line-` lets the official SDKs' middleware read
   * the signature unmodified.
   */
  headerPrefix?: string;
  /**
   * An admin token the kit requires on its simulator API and host page (16 to 512 characters
   * among letters, digits and `._~+/=-`), to test a client of a guarded server; the helpers send
   * it. Default none.
   */
  adminToken?: string;
  /**
   * Webhook URLs set at start, by channel ID (`{ '1650000001': 'http://127.0.0.1:3000/webhook' }`),
   * as the config file's `webhooks`: each channel's bot gets its events there.
   */
  webhooks?: Record<string, string>;
}

/** Options of {@link TestKit.waitForReply}. */
export interface WaitForReplyOptions {
  /** How long to wait for the bot, in ms; default {@link DEFAULT_REPLY_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** How long {@link TestKit.waitForReply} waits by default, in ms: under a test runner's usual 5 s, so that its error is the one shown. */
export const DEFAULT_REPLY_TIMEOUT_MS = 4000;

/**
 * A message of a chat as the host sees it (simulator route `chatMessages`): its sender
 * (`user`, `bot`, or `system` for the chat's own notices), the message object, `timestamp` in ms
 * on the kit's clock, `unsentAt` when the sender unsent it.
 */
export type KitChatMessage = ChatMessage;

/**
 * The world as simulator route `world` answers it: channels (no secrets), users, chats, apps, the
 * host's defaults, every address placeholder's origin (`urls`) and the prefix of the platform
 * headers (`headerPrefix`, e.g. `X-Service-`).
 */
export type KitWorld = World;

/** A fault rule as a test sets it (`contract/src/faults.ts`). */
export type KitFaultRule = FaultRuleBody;
/** A fault rule in force, with what it has hit. */
export type KitFault = FaultView;
/** An in-app purchase order as the simulator API shows it (`contract/src/iap.ts`). */
export type KitOrder = IapOrder;
/** A LINE Pay payment as the simulator API shows it (`contract/src/simulator-api/line-pay.ts`). */
export type KitLinePayTransaction = LinePayTransaction;
/** A service message as the person's service-message chat holds it. */
export type KitServiceMessage = SimulatorAnswers['serviceMessages']['messages'][number];

/** A review's report (`contract/src/review.ts`): findings with what was seen, the rule and its source, and the counts. */
export type KitReviewReport = ReviewReport;
/** Options of {@link TestKit.review} (the body of the simulator route `reviewMiniApp` but its target). */
export type KitReviewOptions = Omit<ReviewBody, 'target'>;

/** Options of {@link TestKit.waitForConsentScreen}. */
export interface WaitForConsentScreenOptions {
  /** Only this person's screens. */
  userId?: string;
  /** How long to wait, in ms; default {@link DEFAULT_REPLY_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Runs `end` when the Vitest test under way ends, when this is called inside one; else does
 * nothing. Vitest is the project's own dependency, looked up only when its worker runs this
 * process (`VITEST`), so that other runners and plain scripts load nothing of it.
 */
async function afterThisTest(end: () => Promise<unknown>): Promise<void> {
  if (!process.env.VITEST) return;
  try {
    const vitest = 'vitest';
    const { onTestFinished } = (await import(vitest)) as { onTestFinished?: (fn: () => Promise<unknown>) => void };
    onTestFinished?.(end);
  } catch {
    // Not inside a test (a beforeAll, a module's top level): the rule stays until removed.
  }
}

/** A running in-process embedkit. */
export interface TestKit {
  /** `{base_url}`, e.g. `http://localhost:41234` (no trailing slash). */
  url: string;
  /** Every address placeholder's origin. */
  urls: InterfaceUrls;
  /** The platform header names the kit sends and reads (`headers.signature` is the webhook signature's). */
  headers: PlatformHeaders;
  /** The scenario's first channel (the default channel of the default scenario). */
  channel: { id: string; secret: string };
  /** The world at start: channels (no secrets), users, chats, apps. */
  world: KitWorld;
  /** Issues a channel access token (`POST /v2/oauth/accessToken`) of `channel` or another of the scenario. */
  token(channel?: { id: string; secret: string }): Promise<string>;
  /** The messages of a chat, oldest first (the newest 200). */
  messages(chatId: string): Promise<KitChatMessage[]>;
  /**
   * A user of the scenario sends a message into a chat, as from the phone (bots in it get the
   * webhook). A string is a text message. Resolves with the stored message.
   */
  say(chatId: string, userId: string, message: string | Record<string, unknown>): Promise<KitChatMessage>;
  /**
   * Sets (or with `null` removes) a channel's webhook URL: its bot gets the events of its chats there.
   * @throws TestKitError 400 for a URL that is not absolute http or https, 404 for an unknown channel
   */
  setWebhook(channelId: string, url: string | null): Promise<void>;
  /**
   * Waits for the bots' next messages in a chat: those stored after the last message this kit
   * sent there with {@link say} or returned from a previous `waitForReply` (else after the chat's
   * newest message when called). Resolves with every bot message after that point, oldest first,
   * as soon as there is at least one: a reply of up to 5 messages is stored at once.
   * @throws Error when no bot message comes within `timeoutMs` (default {@link DEFAULT_REPLY_TIMEOUT_MS})
   */
  waitForReply(chatId: string, options?: WaitForReplyOptions): Promise<KitChatMessage[]>;
  /** Moves the simulated clock forward by `ms` (token and reply-token expiry, the blockchain's timestamps). */
  advanceClock(ms: number): Promise<void>;
  /**
   * Makes the calls a rule names fail on purpose (docs/guide/faults.md): e.g.
   * `{operation: 'pushMessage', kind: 'rateLimited', times: 1}` answers the next push with the
   * platform's 429; `{channelId, kind: 'redeliver', times: 1}` sends the channel's next delivered
   * webhook again with `isRedelivery: true`. A rule set inside a Vitest test is removed when that
   * test ends (its `onTestFinished`); one set elsewhere (a `beforeAll`, another test runner) stays
   * until removed: clear them after each test with {@link clearFaults}.
   * @returns the rule in force, with its `id`
   * @throws TestKitError 400 for a rule that names no operation, mixes kinds, or a delivery kind
   *   without its channel
   */
  fault(rule: KitFaultRule): Promise<KitFault>;
  /** The fault rules in force, oldest first, each with its `hits` and newest hits (`recent`). */
  faults(): Promise<KitFault[]>;
  /** Removes every fault rule (`afterEach(() => kit.clearFaults())`). */
  clearFaults(): Promise<void>;
  /**
   * LINE MINI App in-app purchase orders, newest first (docs/platform/mini-apps.md): reserved by an
   * app's server, then paid, cancelled, failed or refunded.
   * @param filter one channel's, one person's, or in one state
   */
  orders(filter?: { channelId?: string; userId?: string; status?: KitOrder['status'] }): Promise<KitOrder[]>;
  /**
   * Refunds a paid order, as the store would: the MINI App's webhook gets `refundComplete`.
   * @returns the refunded order
   * @throws TestKitError 404 for an unknown order, 400 for one that is not paid
   */
  refund(orderId: string): Promise<KitOrder>;
  /** A person's LINE MINI App service messages (their service-message chat), oldest first. */
  serviceMessages(userId: string): Promise<KitServiceMessage[]>;
  /**
   * The LINE MINI App authorization flow (docs/platform/authorization-flow.md): what a person
   * granted each channel, and whether they agreed to the channel consent simplification.
   * @throws TestKitError 404 for an unknown person
   */
  grants(userId: string): Promise<Grants>;
  /** The person grants a channel scopes (added to those granted). @throws TestKitError 404 for an unknown person or channel */
  grant(userId: string, channelId: string, scopes: string[]): Promise<Grant>;
  /**
   * The person revokes scopes of a channel (every one when `scopes` is left out): their access
   * tokens of the channel stop working. @returns the scopes left and how many tokens were revoked
   */
  revoke(userId: string, channelId: string, scopes?: string[]): Promise<{ channelId: string; scopes: string[]; tokensRevoked: number }>;
  /**
   * Changes a MINI App's channel consent simplification settings (the console switch, the region,
   * the channel's creation date). @returns them all, with whether the simplification is in effect and why
   * @throws TestKitError 404 for an app that is not a MINI App
   */
  setMiniAppConsent(embedId: string, settings: MiniAppConsentSettings): Promise<MiniAppConsent>;
  /** The world's side of the 2026-08-26 change; sets it first when `flow` is given. */
  consentFlow(flow?: ConsentFlow): Promise<ConsentFlow>;
  /** What opening an app shows the person first, and the scopes it starts with. */
  consentPlan(userId: string, embedId: string): Promise<ConsentPlan>;
  /** Consent screens, pending first then newest first: one person's, only the pending ones when asked. */
  consentScreens(filter?: { userId?: string; pending?: boolean }): Promise<ConsentScreen[]>;
  /**
   * The person taps Allow or Deny on a consent screen (Allow grants its scopes; `addFriend: false`
   * unticks a channel consent screen's add-friend option).
   * @throws TestKitError 409 for a screen answered already, 404 for an unknown one
   */
  answerConsentScreen(screenId: string, answer: 'allow' | 'deny', options?: { addFriend?: boolean }): Promise<ConsentScreen>;
  /**
   * Waits for a consent screen waiting for an answer (one the host opened, e.g. at
   * `liff.getProfile()` with simplification on): resolves with the newest pending one at once when
   * there is one, else with the next one opened.
   * @throws Error when none is pending within `timeoutMs` (default {@link DEFAULT_REPLY_TIMEOUT_MS})
   */
  waitForConsentScreen(options?: WaitForConsentScreenOptions): Promise<ConsentScreen>;
  /**
   * The LINE Pay sandbox (docs/platform/line-pay.md): its origin, `{linepay_base_url}` (where a
   * merchant's server sends `POST /v3/payments/request`), and what the person and the merchant do.
   */
  linePay: {
    /** `{linepay_base_url}`. */
    url: string;
    /** Payments, newest first; one merchant's (`channelId`), one person's or one order's. */
    transactions(filter?: { channelId?: string; userId?: string; orderId?: string }): Promise<KitLinePayTransaction[]>;
    /**
     * The person pays on the payment page (as Alice, Bob...; `BALANCE` by default; `outcome` makes the merchant's confirm fail).
     * @returns the payment and the URL the page sends them to (the confirmUrl with `transactionId` and `orderId`)
     * @throws TestKitError 409 when the payment no longer waits for the person, 404 for an unknown one
     */
    pay(transactionId: string, how: LinePayApproveBody): Promise<{ transaction: KitLinePayTransaction; redirectUrl: string }>;
    /** The person cancels on the payment page. @returns the payment and the cancelUrl */
    cancel(transactionId: string): Promise<{ transaction: KitLinePayTransaction; redirectUrl: string }>;
    /** The merchant refunds a captured payment (all that is left, or `amount`). @throws TestKitError 409 with the return code */
    refund(transactionId: string, amount?: number): Promise<KitLinePayTransaction>;
  };
  /**
   * Reviews a MINI App against the platform's published rules (docs/guide/review.md), as
   * `embedkit review` does: `target` is its LIFF ID, its `miniapp.line.me` / `liff.line.me` URL or
   * its endpoint URL; Lighthouse runs unless `lighthouse: false` (tens of seconds: give the test
   * the time). Findings `fail` do not throw: assert on `report.summary.fail` or the findings.
   * @throws TestKitError 404 when the target names no MINI App of the world, 400 when its page cannot be loaded
   */
  review(target: string, options?: KitReviewOptions): Promise<KitReviewReport>;
  /** Stops the server; its state is gone. */
  stop(): Promise<void>;
}

/** Thrown when a helper's call is refused: the status and the body the server answered. */
export class TestKitError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.name = 'TestKitError';
  }
}

/**
 * Starts an in-memory embedkit on free ports and waits until it answers.
 * @throws Error when the scenario is invalid (every problem listed), the header prefix is malformed or a port is taken
 */
export async function startEmbedkit(options: StartEmbedkitOptions = {}): Promise<TestKit> {
  let scenarioFile: string | undefined;
  let tempDir: string | undefined;
  if (typeof options.scenario === 'string') scenarioFile = options.scenario;
  else if (options.scenario) {
    tempDir = mkdtempSync(join(tmpdir(), 'embedkit-testing-'));
    scenarioFile = join(tempDir, 'scenario.json');
    writeFileSync(scenarioFile, JSON.stringify(options.scenario));
  }
  let server: RunningServer;
  let firstChannel: { id: string; secret: string };
  try {
    // Checked first, so that a bad scenario is reported as such, with every problem.
    const scenario = scenarioFile ? await readScenario(scenarioFile) : undefined;
    server = await startServer({
      port: options.port ?? 0,
      inMemory: true,
      logger: pino({ level: options.logLevel ?? 'silent' }),
      ...(options.allowedHosts !== undefined ? { allowedHosts: parseAllowedHosts(options.allowedHosts) } : {}),
      ...(options.adminToken !== undefined ? { adminToken: checkAdminToken(options.adminToken) } : {}),
      ...(scenarioFile ? { scenarioFile } : {}),
      ...(options.headerPrefix !== undefined ? { headerPrefix: options.headerPrefix } : {}),
    });
    const channels =
      scenario?.channels ??
      (await new WorldStore(server.embedkit.db).channels()).map((c) => ({ channelId: c.channel_id, secret: c.secret }));
    firstChannel = { id: channels[0]!.channelId, secret: channels[0]!.secret };
  } finally {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
  const url = server.baseUrl;
  const admin: Record<string, string> = options.adminToken !== undefined ? { Authorization: `Bearer ${options.adminToken}` } : {};
  const simulator = new SimulatorClient({ baseUrl: url, headers: admin });
  /** A simulator call; a refusal is a TestKitError named `what`. */
  const call = <K extends CallableRoute>(what: string, name: K, ...args: SimulatorCallArgs[K]) =>
    // TestKitError's body is undefined for an empty answer, which the client reads as null.
    simulator.callOr((e) => new TestKitError(e.status, e.body ?? undefined, what), name, ...args);
  const setWebhook = async (channelId: string, hookUrl: string | null) => {
    await call('webhook', 'setWebhook', { params: { channelId }, body: { url: hookUrl } });
  };
  try {
    for (const [channelId, hookUrl] of Object.entries(options.webhooks ?? {})) await setWebhook(channelId, hookUrl);
  } catch (e) {
    await server.close();
    throw e;
  }
  const world = await call('world', 'world');
  const messages = async (chatId: string) => (await call('messages', 'chatMessages', { params: { chatId } })).messages;
  /** Per chat, the id of the last message the test has seen (said or waited for): a reply is what a bot stores after it. */
  const seen = new Map<string, string>();
  const live = server.embedkit.services.bots.live;
  const waitForReply = async (chatId: string, { timeoutMs = DEFAULT_REPLY_TIMEOUT_MS }: WaitForReplyOptions = {}) => {
    const at = await messages(chatId);
    const marker = seen.get(chatId) ?? at.at(-1)?.id;
    const after = (list: KitChatMessage[]) => {
      const i = marker === undefined ? -1 : list.findIndex((m) => m.id === marker);
      return list.slice(i + 1).filter((m) => m.sender.type === 'bot');
    };
    const found = await new Promise<KitChatMessage[]>((resolve, reject) => {
      let checking = Promise.resolve();
      const done = (fn: () => void) => {
        clearTimeout(timer);
        unsubscribe();
        fn();
      };
      const check = () => {
        checking = checking
          .then(async () => {
            const replies = after(await messages(chatId));
            if (replies.length > 0) done(() => resolve(replies));
          })
          .catch((e: unknown) => done(() => reject(e)));
      };
      const unsubscribe = live.subscribe((event) => {
        if (event.type === 'chat' && event.chatId === chatId) check();
      });
      const timer = setTimeout(() => {
        const last = at.find((m) => m.id === marker);
        done(() =>
          reject(
            new Error(
              `waitForReply: no bot message in chat ${chatId} within ${timeoutMs} ms` +
                (last ? ` after ${JSON.stringify(last.message).slice(0, 100)}` : '') +
                ': is the channel’s webhook set (kit.setWebhook or the webhooks option), and does the bot answer 200 and reply?',
            ),
          ),
        );
      }, timeoutMs);
      // The bot may have answered before the wait began.
      const early = after(at);
      if (early.length > 0) done(() => resolve(early));
    });
    seen.set(chatId, found.at(-1)!.id);
    return found;
  };
  const consentScreens = async (filter: { userId?: string; pending?: boolean } = {}) => {
    const query = { ...(filter.userId ? { userId: filter.userId } : {}), ...(filter.pending ? { pending: 'true' as const } : {}) };
    return (await call('consentScreens', 'consentScreens', { query })).screens;
  };
  return {
    url,
    urls: server.urls,
    headers: server.embedkit.headers,
    channel: firstChannel,
    world,
    token: async (channel = firstChannel) => {
      const res = await fetch(`${url}/v2/oauth/accessToken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret }).toString(),
      });
      const { status, body } = await readAnswer(res);
      const token = typeof body === 'object' && body !== null && 'access_token' in body ? body.access_token : undefined;
      // A 200 without a token is no token either: the caller learns what came.
      if (!res.ok || typeof token !== 'string') throw new TestKitError(status, body ?? undefined, 'token');
      return token;
    },
    messages,
    say: async (chatId, userId, message) => {
      const stored = await call('say', 'sendMessage', {
        params: { chatId },
        body: { userId, message: typeof message === 'string' ? { type: 'text', text: message } : message },
      });
      seen.set(chatId, stored.id);
      return stored;
    },
    setWebhook,
    waitForReply,
    advanceClock: async (ms) => {
      await call('clock', 'advanceClock', { body: { advanceMs: ms } });
    },
    fault: async (rule) => {
      const set = await call('fault', 'addFault', { body: rule });
      await afterThisTest(() => call('fault', 'deleteFault', { params: { faultId: set.id } }).catch(() => undefined));
      return set;
    },
    faults: async () => (await call('faults', 'faults')).faults,
    clearFaults: async () => {
      await call('faults', 'clearFaults');
    },
    orders: async (filter = {}) => (await call('orders', 'iapOrders', { query: filter })).orders,
    refund: (orderId) => call('refund', 'refundIapOrder', { params: { orderId } }),
    serviceMessages: async (userId) => (await call('serviceMessages', 'serviceMessages', { params: { userId } })).messages,
    grants: (userId) => call('grants', 'grants', { params: { userId } }),
    grant: (userId, channelId, scopes) => call('grant', 'grantScopes', { params: { userId, channelId }, body: { scopes } }),
    revoke: (userId, channelId, scopes) =>
      call('revoke', 'revokeGrants', { params: { userId, channelId }, body: scopes ? { scopes } : {} }),
    setMiniAppConsent: (embedId, settings) => call('setMiniAppConsent', 'setMiniAppConsent', { params: { embedId }, body: settings }),
    consentFlow: async (flow) =>
      (flow ? await call('consentFlow', 'setConsentFlow', { body: { flow } }) : await call('consentFlow', 'consentFlow')).flow,
    consentPlan: (userId, embedId) => call('consentPlan', 'consentPlan', { params: { userId, embedId } }),
    consentScreens,
    answerConsentScreen: (screenId, answer, options = {}) =>
      call('answerConsentScreen', 'answerConsentScreen', { params: { screenId }, body: { answer, ...options } }),
    waitForConsentScreen: ({ userId, timeoutMs = DEFAULT_REPLY_TIMEOUT_MS } = {}) =>
      new Promise<ConsentScreen>((resolve, reject) => {
        const done = (fn: () => void) => {
          clearTimeout(timer);
          unsubscribe();
          fn();
        };
        const check = () =>
          consentScreens({ ...(userId ? { userId } : {}), pending: true }).then(
            ([newest]) => newest && done(() => resolve(newest)),
            (e: unknown) => done(() => reject(e)),
          );
        const unsubscribe = live.subscribe((event) => {
          if (event.type === 'consentScreen' && event.state === 'pending' && (!userId || event.userId === userId)) void check();
        });
        const timer = setTimeout(
          () =>
            done(() =>
              reject(new Error(`waitForConsentScreen: no consent screen pending${userId ? ` for ${userId}` : ''} within ${timeoutMs} ms`)),
            ),
          timeoutMs,
        );
        void check();
      }),
    linePay: {
      url: server.urls.linepay,
      transactions: async (filter = {}) => (await call('linePay.transactions', 'linePayTransactions', { query: filter })).transactions,
      pay: (transactionId, how) => call('linePay.pay', 'approveLinePayPayment', { params: { transactionId }, body: how }),
      cancel: (transactionId) => call('linePay.cancel', 'cancelLinePayPayment', { params: { transactionId } }),
      refund: (transactionId, amount) =>
        call('linePay.refund', 'refundLinePayPayment', { params: { transactionId }, body: amount === undefined ? {} : { amount } }),
    },
    review: (target, options = {}) => call('review', 'reviewMiniApp', { body: { target, ...options } }),
    stop: () => server.close(),
  };
}
