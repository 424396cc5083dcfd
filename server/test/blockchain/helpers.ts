/** Shared setup of the blockchain tests: a kit on the default scenario and a request signer. */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { DEFAULT_SCENARIO } from '../../src/scenario/load.js';
import { sign } from '../../src/interfaces/blockchain/signature.js';
import { makeKit } from '../helpers.js';

/** The default scenario's service, wallets and contract. */
export const SERVICE = { apiKey: '136db0ec-0390-45d3-9d3b-f3a7e0fa7a9c', secret: '9256bf8a-2b86-42fe-b3e0-d3079d0141fe' };
export const OWNER = { address: 'tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq', secret: 'uhbdnNvIqQFnnIFDDG8EuVxtqkwsLtDR/owKInQIYmo=' };
export const PLAYER = 'tlink18zxqds28mmg8mwduk32csx5xt6urw93ycf8jwp';
export const CONTRACT = '61e14383';

export function makeBlockchainKit(): Promise<Embedkit> {
  return makeKit({ scenarioFile: DEFAULT_SCENARIO });
}

/** A fresh nonce: 8 letters and digits. */
export function nonce(): string {
  return randomBytes(6)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 8);
}

/** Options of {@link signed}: what to sign with, and what to change after signing. */
export interface SignOptions {
  body?: unknown;
  nonce?: string;
  timestamp?: string;
  apiKey?: string;
  secret?: string;
  /** Headers to send instead of (or without: `null`) the signed ones. */
  headers?: Record<string, string | null>;
}

/**
 * Sends a signed request to `{blockchain_url}` as a client does: `pathAndQuery` as requested
 * (the query signed decoded), JSON body.
 */
export function signed(kit: Embedkit, method: 'GET' | 'PUT' | 'POST', pathAndQuery: string, o: SignOptions = {}) {
  const [path, query = ''] = pathAndQuery.split('?') as [string, string?];
  const n = o.nonce ?? nonce();
  const timestamp = o.timestamp ?? String(kit.clock.now());
  const signature = sign(o.secret ?? SERVICE.secret, { nonce: n, timestamp, method, path, query, body: o.body });
  const headers: Record<string, string | null> = {
    'service-api-key': o.apiKey ?? SERVICE.apiKey,
    nonce: n,
    timestamp,
    signature,
    ...o.headers,
  };
  let req =
    method === 'GET'
      ? request(kit.apps.blockchain).get(pathAndQuery)
      : method === 'PUT'
        ? request(kit.apps.blockchain).put(pathAndQuery)
        : request(kit.apps.blockchain).post(pathAndQuery);
  for (const [k, v] of Object.entries(headers)) if (v !== null) req = req.set(k, v);
  return o.body === undefined ? req : req.send(o.body as object);
}
