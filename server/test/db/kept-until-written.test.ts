// Rows answered from memory until their tables are written (db/kept-until-written.ts), on the
// embedded database; read every time on PostgreSQL, where other processes write too.
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/db.js';
import { KeptUntilWritten } from '../../src/db/kept-until-written.js';
import { prepared } from '../../src/db/prepared.js';
import type { Database } from '../../src/db/schema.js';
import { tableWritesOf } from '../../src/db/table-writes.js';

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

/** The meta table's value of a key, through a cache that counts its database reads. */
async function metaCache() {
  const d = (db = await openDatabase({ file: ':memory:' }));
  await d.insertInto('meta').values({ key: 'a', value: '1' }).execute();
  let reads = 0;
  const byKey = prepared(
    () => d,
    (key: string) => d.selectFrom('meta').selectAll().where('key', '=', key),
  );
  let stall: Promise<void> | undefined;
  const kept = new KeptUntilWritten(
    () => d,
    ['meta'],
    async (key: string) => {
      reads++;
      const until = stall;
      const value = (await byKey(key))[0]?.value;
      await until;
      return value;
    },
    (v) => v,
    100,
  );
  /** `get`, its read stalled after reading until `until` settles. */
  const get = (key: string, until?: Promise<void>) => {
    stall = until;
    const answer = kept.get(key);
    stall = undefined;
    return answer;
  };
  return { d, cache: { get }, reads: () => reads };
}

describe('rows kept until their tables are written', () => {
  it('reads a row once, then answers from memory; a key with no row is read each time', async () => {
    const { cache, reads } = await metaCache();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('a')).toBe('1');
    expect(reads()).toBe(1);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('b')).toBeUndefined();
    expect(reads()).toBe(3);
  });

  it.each([
    ['a Kysely query', (d: Kysely<Database>) => d.updateTable('meta').set({ value: '2' }).where('key', '=', 'a').execute()],
    [
      'a statement run directly',
      (d: Kysely<Database>) =>
        prepared(
          () => d,
          (v: string) => d.updateTable('meta').set({ value: v }).where('key', '=', 'a'),
        )('2'),
    ],
    ['a transaction', (d: Kysely<Database>) => d.transaction().execute((t) => t.updateTable('meta').set({ value: '2' }).execute())],
    ['raw SQL', (d: Kysely<Database>) => sql`update meta set value = '2' where key = 'a'`.execute(d)],
  ])('answers the new row after a write through %s', async (_how, write) => {
    const { d, cache, reads } = await metaCache();
    expect(await cache.get('a')).toBe('1');
    await write(d);
    expect(await cache.get('a')).toBe('2');
    expect(reads()).toBe(2);
  });

  it('a SELECT or a write of another table keeps the rows', async () => {
    const { d, cache, reads } = await metaCache();
    await cache.get('a');
    await d.selectFrom('meta').selectAll().execute();
    await d
      .insertInto('users')
      .values({ user_id: 'U1', display_name: 'x', picture_url: null, status_message: null, language: 'en' } as never)
      .execute()
      .catch(() => undefined);
    await cache.get('a');
    expect(reads()).toBe(1);
  });

  it('does not keep a row read before a write that ran while the read was under way', async () => {
    const { d, cache } = await metaCache();
    // The first read gets the old row, then stalls (as a read does that waits behind other work).
    let resume!: () => void;
    const stalled = new Promise<void>((r) => (resume = r));
    const first = cache.get('a', stalled);
    await d.updateTable('meta').set({ value: '2' }).where('key', '=', 'a').execute();
    expect(await cache.get('a')).toBe('2');
    resume();
    expect(await first).toBe('1');
    expect(await cache.get('a')).toBe('2');
  });

  it('counts nothing on a transaction of the database (only the root instance keeps rows)', async () => {
    const d = (db = await openDatabase({ file: ':memory:' }));
    expect(tableWritesOf(d)).toBeDefined();
    await d.transaction().execute(async (t) => expect(tableWritesOf(t)).toBeUndefined());
  });
});
