// The signed requests the host's Blockchain tab lists (interfaces/blockchain/store.ts): rows
// logged close together are written together, in the order they came, the newest 200 kept.
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/db.js';
import type { Database } from '../../src/db/schema.js';
import { BlockchainStore } from '../../src/interfaces/blockchain/store.js';

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

const row = (i: number) => ({
  at: 1_000 + i,
  method: 'GET',
  path: `/v1/wallets?i=${i}`,
  api_key: i % 2 ? 'key' : null,
  status_code: 1000,
  status_message: 'Success',
  signature_input: i % 3 ? `input ${i}` : null,
});

describe('request log', () => {
  it('lists the requests logged, newest first, each as it was logged, before their write was due', async () => {
    const store = new BlockchainStore((db = await openDatabase({ file: ':memory:' })));
    const written = [1, 2, 3].map((i) => store.logRequest(row(i)));
    // Read before the rows' write: the read waits for it.
    const listed = await store.recentRequests(10);
    expect(listed.map(({ id: _id, ...r }) => r)).toEqual([row(3), row(2), row(1)]);
    await Promise.all(written);
  });

  it('keeps at least the newest 200 (and fewer than 250) of many rows logged at once and over several turns', async () => {
    const store = new BlockchainStore((db = await openDatabase({ file: ':memory:' })));
    await Promise.all(Array.from({ length: 130 }, (_, i) => store.logRequest(row(i))));
    for (let i = 130; i < 260; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => store.logRequest(row(i + j))));
    const listed = await store.recentRequests(500);
    // Trimmed every 50 rows to the newest 200: 10 more have come since.
    expect(listed).toHaveLength(210);
    expect(listed[0]!.path).toBe('/v1/wallets?i=259');
    expect(listed.at(-1)!.path).toBe('/v1/wallets?i=50');
    const ids = listed.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
