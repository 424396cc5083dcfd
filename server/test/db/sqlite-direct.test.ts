// Compiled statements run straight on the embedded database (db/sqlite-direct.ts):
// the same rows and errors as through Kysely, and never inside someone else's open transaction.
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/db.js';
import { prepared } from '../../src/db/prepared.js';
import type { Database } from '../../src/db/schema.js';
import { directRunnerOf } from '../../src/db/sqlite-direct.js';

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function open(): Promise<Kysely<Database>> {
  db = await openDatabase({ file: ':memory:' });
  await db.insertInto('meta').values({ key: 'a', value: '1' }).execute();
  return db;
}

const metaOf = (d: Kysely<Database>) => d.selectFrom('meta').selectAll().orderBy('key').execute();

describe('statements run directly on the embedded database', () => {
  it('answers the rows Kysely answers, and writes what Kysely writes', async () => {
    const d = await open();
    const insert = prepared(
      () => d,
      (key: string, value: string) => d.insertInto('meta').values({ key, value }).returning(['key', 'value']),
    );
    const insertQuiet = prepared(
      () => d,
      (key: string, value: string) => d.insertInto('meta').values({ key, value }),
    );
    const select = prepared(
      () => d,
      (key: string) => d.selectFrom('meta').selectAll().where('key', '>=', key).orderBy('key'),
    );
    expect(await insert('b', '2')).toEqual([{ key: 'b', value: '2' }]);
    expect(await insertQuiet('c', '3')).toEqual([]);
    expect(await select('b')).toEqual(await d.selectFrom('meta').selectAll().where('key', '>=', 'b').orderBy('key').execute());
    expect(await select('b')).toEqual([
      { key: 'b', value: '2' },
      { key: 'c', value: '3' },
    ]);
  });

  it('rejects with the database error (a duplicate key), and writes nothing', async () => {
    const d = await open();
    const insert = prepared(
      () => d,
      (key: string, value: string) => d.insertInto('meta').values({ key, value }),
    );
    await expect(insert('a', 'again')).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await metaOf(d)).toEqual([{ key: 'a', value: '1' }]);
  });

  it('runs beside a single query Kysely has in flight (not a transaction): concurrent requests keep the direct way', async () => {
    const d = await open();
    const runner = directRunnerOf(d)!;
    const inFlight = d.selectFrom('meta').selectAll().execute();
    const refused: number[] = [];
    for (let tick = 0; tick < 20; tick++) {
      if (runner('select 1 as one', []) === undefined) refused.push(tick);
      await Promise.resolve();
    }
    expect(await inFlight).toEqual([{ key: 'a', value: '1' }]);
    expect(refused).toEqual([]);
  });

  it('waits for an open transaction instead of running inside it: its rollback does not take the statement along', async () => {
    const d = await open();
    const insert = prepared(
      () => d,
      (key: string, value: string) => d.insertInto('meta').values({ key, value }),
    );
    let outside: Promise<unknown> | undefined;
    await expect(
      d.transaction().execute(async (trx) => {
        await trx.insertInto('meta').values({ key: 'in-tx', value: 'x' }).execute();
        // Another request writes while the transaction is open…
        outside = insert('outside', 'y');
        await new Promise((r) => setTimeout(r, 20));
        expect(directRunnerOf(d)!('select 1 as one', [])).toBeUndefined();
        // …and then the transaction fails.
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await outside;
    expect(await metaOf(d)).toEqual([
      { key: 'a', value: '1' },
      { key: 'outside', value: 'y' },
    ]);
    // Once the connection is free again, the direct way is open.
    expect(directRunnerOf(d)!('select 1 as one', [])).toEqual([{ one: 1 }]);
  });

  it("is not offered inside a transaction (its queries use the transaction's connection)", async () => {
    const d = await open();
    await d.transaction().execute(async (trx) => {
      expect(directRunnerOf(trx)).toBeUndefined();
      const insert = prepared(
        () => trx,
        (key: string, value: string) => trx.insertInto('meta').values({ key, value }).returning('key'),
      );
      expect(await insert('t', 'v')).toEqual([{ key: 't' }]);
    });
    expect((await metaOf(d)).map((r) => r.key)).toEqual(['a', 't']);
  });
});
