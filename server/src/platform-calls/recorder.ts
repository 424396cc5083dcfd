/**
 * The server's log of the platform calls made for a MINI App, for a review of the session
 * (`embedkit review`, docs/guide/review.md): each LIFF access token verified
 * (`GET /oauth2/v2.1/verify`), each purchase reserved (`POST /iap/v1/product/reserve`), each
 * service message token asked for and message sent (`POST /message/v3/notifier/token`,
 * `/message/v3/notifier/send`), each `sendMessages` of an app (`POST /message/v3/share`): when (the
 * simulated clock and wall time), the answer's status, whose channel and person, and which tokens
 * it named, as SHA-256 hashes only. Held in memory, bounded, per channel: a review reads a
 * session just walked, not history (a scenario does not hold it; it goes with the server).
 */

/** The operations recorded. */
export const PLATFORM_OPERATIONS = ['verify', 'iap.reserve', 'notifier.token', 'notifier.send', 'share'] as const;
export type PlatformOperation = (typeof PLATFORM_OPERATIONS)[number];

/** One platform call as recorded. */
export interface PlatformCall {
  operation: PlatformOperation;
  /** The simulated clock when it was answered (ms since 1970). */
  at: number;
  /** Wall time when it was answered (ms since 1970): what a phone's log lines are stamped with. */
  wallAt: number;
  method: string;
  path: string;
  /** The HTTP status answered. */
  status: number;
  /** The channel the call was made for (the token's, or the channel access token's); null when none was known. */
  channelId: string | null;
  /** The person of the LIFF access token named, when known. */
  userId: string | null;
  /** SHA-256 of the LIFF access token the call named (a verify, a reservation, a notifier token's request, a share). */
  tokenHash?: string;
  /** SHA-256 of the service notification token sent with (`notifier.send`). */
  sentTokenHash?: string;
  /** SHA-256 of the service notification token answered (`notifier.token`, a renewing `notifier.send`). */
  answeredTokenHash?: string;
  /** A send's `templateName`. */
  templateName?: string;
  /** The refusal's text (its message and first detail) when the status is not 2xx. */
  error?: string;
  /** A share's messages, as sent (`share` only). */
  messages?: unknown[];
}

/** Calls kept per channel: the oldest go first. */
export const MAX_CALLS_PER_CHANNEL = 300;
/** Channels kept: a call of a new channel beyond this drops the channel heard from longest ago. */
export const MAX_CHANNELS = 50;

/** Where calls of no known channel are kept. */
const NO_CHANNEL = '';

/** The recorder: {@link PlatformCallRecorder.add} from the mechanism that watches the routes, {@link PlatformCallRecorder.calls} for a review. */
export class PlatformCallRecorder {
  private readonly byChannel = new Map<string, PlatformCall[]>();

  /** Records a call (the newest {@link MAX_CALLS_PER_CHANNEL} of its channel kept). */
  add(call: PlatformCall): void {
    const key = call.channelId ?? NO_CHANNEL;
    const list = this.byChannel.get(key) ?? [];
    this.byChannel.delete(key);
    this.byChannel.set(key, list);
    list.push(call);
    if (list.length > MAX_CALLS_PER_CHANNEL) list.splice(0, list.length - MAX_CALLS_PER_CHANNEL);
    if (this.byChannel.size > MAX_CHANNELS) this.byChannel.delete(this.byChannel.keys().next().value as string);
  }

  /** The calls of `channelId` (and those of no known channel: a verify of an unknown token), oldest first. */
  calls(channelId: string): PlatformCall[] {
    const mine = this.byChannel.get(channelId) ?? [];
    const unknown = this.byChannel.get(NO_CHANNEL) ?? [];
    return [...mine, ...unknown].sort((a, b) => a.wallAt - b.wallAt);
  }

  /** Forgets every call (the world was reset). */
  clear(): void {
    this.byChannel.clear();
  }
}
