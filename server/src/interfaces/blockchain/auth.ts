/**
 * Authentication of a blockchain request (spec "Authentication", part A): the four headers, the
 * API key of an activated service, the timestamp within 5 minutes of the server's clock (the
 * simulated clock of the rest of embedkit), a nonce of 8 letters and digits that this key has not
 * used within 11 minutes after a successful request, and the signature. Each rule has its own
 * refusal (errors.ts); a refused request is not processed (rule 1).
 */
import type { Clock } from '../../clock/clock.js';
import type { BcServiceRow, BlockchainStore } from './store.js';
import * as E from './errors.js';
import { inputSignatureMatches, signatureInput, signatureMatches, type SignedRequest } from './signature.js';

/** Timestamp tolerance (spec "Limits"): 5 minutes, in ms. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** Nonce reuse window (spec "Limits"): 11 minutes, in ms. */
export const NONCE_WINDOW_MS = 11 * 60_000;
/** Nonce: 8 characters, upper or lower case letters and digits. */
export const NONCE = /^[A-Za-z0-9]{8}$/;

/** A request as authentication sees it; `header` reads a header case-insensitively. */
export interface IncomingSigned extends Omit<SignedRequest, 'nonce' | 'timestamp'> {
  header(name: string): string | undefined;
}

/** What a checked request carries on: its service, and how to give its nonce back. */
export interface Authenticated {
  service: BcServiceRow;
  /** Gives the nonce back when the request is refused after authentication (nothing was done). */
  release(): Promise<void>;
}

export class BlockchainAuth {
  constructor(
    private readonly store: BlockchainStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a signed request and its verdict for the host's Blockchain tab (the newest are kept).
   * Never throws: a request log that cannot be written must not change the answer already sent.
   * @param v `path` with its query (cut at 500 characters), `apiKey` as sent (cut at 100), the
   *   envelope's `statusCode` and `statusMessage`, the signature input without secrets
   */
  async recordVerdict(v: {
    method: string;
    path: string;
    apiKey: string | null;
    statusCode: number;
    statusMessage: string;
    signatureInput: string | null;
  }): Promise<void> {
    await this.store
      .logRequest({
        at: this.clock.now(),
        method: v.method,
        path: v.path.slice(0, 500),
        api_key: v.apiKey?.slice(0, 100) ?? null,
        status_code: v.statusCode,
        status_message: v.statusMessage,
        signature_input: v.signatureInput,
      })
      .catch(() => undefined);
  }

  /**
   * The signature input of a request, when it carries a nonce and a timestamp (what the host and
   * the log show for a refused request; never the secret).
   */
  static inputOf(r: IncomingSigned): string | null {
    const input = BlockchainAuth.signedInputOf(r);
    return input === null ? null : maskSecrets(input);
  }

  /** The signature input of a request as signed (secrets and all), when it carries a nonce and a timestamp. */
  static signedInputOf(r: IncomingSigned): string | null {
    const nonce = r.header('nonce');
    const timestamp = r.header('timestamp');
    return nonce !== undefined && timestamp !== undefined ? signatureInput({ ...r, nonce, timestamp }) : null;
  }

  /**
   * Checks every rule in order and takes the nonce.
   * @param input the request's signature input when the caller made it already
   *   ({@link BlockchainAuth.signedInputOf}): made once, not again for the signature
   * @throws BlockchainError 401 `4011` a header missing, `4012` unknown API key, `4014` timestamp,
   *   `4015` nonce format, `4010` signature, `4016` nonce used; 403 `4030` service not activated
   */
  async authenticate(r: IncomingSigned, input?: string): Promise<Authenticated> {
    const headers = {} as Record<'service-api-key' | 'timestamp' | 'nonce' | 'signature', string>;
    for (const name of ['service-api-key', 'timestamp', 'nonce', 'signature'] as const) {
      const value = r.header(name);
      if (value === undefined || value === '') throw E.missingHeader(name);
      headers[name] = value;
    }
    const service = await this.store.service(headers['service-api-key']);
    if (!service) throw E.apiKeyNotFound();
    if (!service.activated) throw E.serviceInactive();
    const now = this.clock.now();
    const timestamp = Number(headers.timestamp);
    if (!/^[0-9]{1,16}$/.test(headers.timestamp) || Math.abs(timestamp - now) > TIMESTAMP_TOLERANCE_MS) throw E.invalidTimestamp(now);
    if (!NONCE.test(headers.nonce)) throw E.invalidNonce();
    const matches =
      input === undefined
        ? signatureMatches(service.api_secret, { ...r, nonce: headers.nonce, timestamp: headers.timestamp }, headers.signature)
        : inputSignatureMatches(service.api_secret, input, headers.signature);
    if (!matches) throw E.invalidSignature();
    // Last, so that a forged request cannot use up a nonce (rule 2: a signature works once).
    if (!(await this.store.useNonce(service.api_key, headers.nonce, now, NONCE_WINDOW_MS))) throw E.nonceUsed();
    return { service, release: () => this.store.releaseNonce(service.api_key, headers.nonce, now) };
  }
}

/**
 * A signature input as shown (host, log): the value of every `...Secret=` parameter (a wallet's
 * `ownerSecret`) cut to its first and last 4 characters and its length, enough to tell which
 * secret was sent, not enough to use it.
 */
export function maskSecrets(input: string): string {
  return input.replace(
    /((?:^|[?&])[A-Za-z.]*[Ss]ecret=)([^&]*)/g,
    (_m, key: string, value: string) =>
      `${key}${value.length <= 8 ? '…' : `${value.slice(0, 4)}…${value.slice(-4)}`} (${value.length} chars)`,
  );
}
