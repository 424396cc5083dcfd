// State persists in the data directory across restarts; the demo app follows the port.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DummyDriver,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFile } from '../../src/db/db.js';
import { migrationsFor } from '../../src/db/migrations/index.js';
import { AppStore, toLiffApp } from '../../src/interfaces/embedded-apps/index.js';
import type { Dialect } from '../../src/db/migrations/dialect.js';
import type { Database } from '../../src/db/schema.js';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { loadPg } from '../../src/db/pg-driver.js';
import { makeKit, TEST_DATABASE_URL, userToken, UTOU } from '../helpers.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

it('keeps messages and apps across a restart and moves the demo app to the new origin', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedkit-'));
  dirs.push(dataDir);
  const first = await makeKit({ inMemory: false, dataDir, demoOrigin: 'http://127.0.0.1:1111' });
  const token = await userToken(first);
  expect(
    (
      await request(first.app)
        .post('/message/v3/share')
        .set({ Authorization: `Bearer ${token}` })
        .send({ messages: [{ type: 'text', text: 'kept' }] })
    ).status,
  ).toBe(200);
  await first.close();

  const second = await makeKit({ inMemory: false, dataDir, demoOrigin: 'http://127.0.0.1:2222' });
  const messages = (await request(second.app).get(`/embedkit/v1/chats/${UTOU}/messages`)).body.messages;
  expect(messages.map((m: { message: { text: string } }) => m.message.text)).toEqual(['kept']);
  const world = (await request(second.app).get('/embedkit/v1/world')).body;
  expect(world.apps[0].view.url).toBe('http://127.0.0.1:2222/demo/app/');
  // The token issued before the restart still works: tokens live in the database too.
  expect(
    (
      await request(second.app)
        .get('/v2/profile')
        .set({ Authorization: `Bearer ${token}` })
    ).status,
  ).toBe(200);
  await second.close();
});

it('rejects an invalid scenario with every problem named', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-'));
  dirs.push(dir);
  const file = join(dir, 'bad.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, JSON.stringify({ channels: [{ channelId: 'x', name: 'n', secret: 's' }], users: [], chats: [], apps: [] }));
  await expect(makeKit({ scenarioFile: file })).rejects.toThrow(/channels\[0\]\.channelId[\s\S]*users/);
});

// Databases that earlier versions migrated (SQLite files under .embedkit/, shared PostgreSQL
// schemas) must open on this one: Kysely refuses to start when a key it recorded is missing, and
// a shipped migration whose SQL changed would leave old and new databases with different schemas.
// The fixture holds each shipped migration's key and SQL as the earlier code compiled them.
describe('databases migrated by earlier versions', () => {
  it('every shipped migration keeps its key, its place and its SQL, on both databases', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const now = await compiledMigrations(dialect);
      expect(now.slice(0, SHIPPED[dialect].length), dialect).toEqual(SHIPPED[dialect]);
      // A new migration runs after every shipped one (Kysely refuses one that sorts before them).
      for (const added of now.slice(SHIPPED[dialect].length)) expect(added.name > SHIPPED[dialect].at(-1)!.name, added.name).toBe(true);
    }
  });

  it('a SQLite file migrated by them opens as current: keys, data and schema as a new database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedkit-'));
    dirs.push(dir);
    const earlier = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqliteFile(join(dir, 'earlier.sqlite')) }) });
    await migrateAsShipped(earlier, 'sqlite');
    await sql`insert into channels (channel_id, name, secret, plan) values ('1', 'kept', 's', 'developer')`.execute(earlier);
    await earlier.destroy();

    const reopened = await openDatabase({ file: join(dir, 'earlier.sqlite') });
    const fresh = await openDatabase({ file: join(dir, 'fresh.sqlite') });
    try {
      // Reopening runs the migrations added since: every key this version has, the shipped ones first.
      expect(await migrationKeys(reopened)).toEqual((await compiledMigrations('sqlite')).map((m) => m.name));
      expect(await migrationKeys(fresh)).toEqual(await migrationKeys(reopened));
      expect((await sql<{ name: string }>`select name from channels`.execute(reopened)).rows).toEqual([{ name: 'kept' }]);
      const schema = (db: Kysely<Database>) =>
        sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master order by type, name`.execute(db);
      expect((await schema(reopened)).rows).toEqual((await schema(fresh)).rows);
    } finally {
      await reopened.destroy();
      await fresh.destroy();
    }
  });

  it('apps stored before the LIFF settings (0018) get the published defaults', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedkit-'));
    dirs.push(dir);
    const earlier = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqliteFile(join(dir, 'earlier.sqlite')) }) });
    await migrateAsShipped(earlier, 'sqlite', undefined, '0018_liff_app_fields');
    await sql`insert into channels (channel_id, name, secret, plan) values ('1', 'kept', 's', 'developer')`.execute(earlier);
    await sql`insert into apps (embed_id, channel_id, name, view_type, view_url, created_at)
      values ('1-app', '1', 'old', 'tall', 'https://example.com/', 0)`.execute(earlier);
    await earlier.destroy();

    const reopened = await openDatabase({ file: join(dir, 'earlier.sqlite') });
    try {
      expect(await migrationKeys(reopened)).toContain('0018_liff_app_fields');
      const [app] = await new AppStore(reopened).listByChannel('1');
      expect(app && toLiffApp(app)).toEqual({
        liffId: '1-app',
        view: { type: 'tall', url: 'https://example.com/', moduleMode: false },
        description: 'old',
        features: { ble: false, qrCode: false },
        permanentLinkPattern: 'concat',
        scope: ['profile', 'chat_message.write'],
        botPrompt: 'none',
      });
    } finally {
      await reopened.destroy();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('a PostgreSQL schema migrated by them opens as current: keys, data and schema as a new one', async () => {
    const url = TEST_DATABASE_URL!;
    const [old, neu] = [`m_${randomBytes(5).toString('hex')}`, `m_${randomBytes(5).toString('hex')}`];
    try {
      const pg = await loadPg();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${old}`);
      await admin.end();
      const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${old}` });
      const earlier = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
      await migrateAsShipped(earlier, 'postgres', old);
      await sql`insert into channels (channel_id, name, secret, plan) values ('1', 'kept', 's', 'developer')`.execute(earlier);
      await earlier.destroy();

      const reopened = await openDatabase({ url, schema: old });
      const fresh = await openDatabase({ url, schema: neu });
      try {
        expect(await migrationKeys(reopened)).toEqual((await compiledMigrations('postgres')).map((m) => m.name));
        expect(await migrationKeys(fresh)).toEqual(await migrationKeys(reopened));
        expect((await sql<{ name: string }>`select name from channels`.execute(reopened)).rows).toEqual([{ name: 'kept' }]);
        const schema = await pgSchema(fresh);
        expect(schema.map((rows) => rows.length > 0)).toEqual([true, true, true]);
        expect(await pgSchema(reopened)).toEqual(schema);
      } finally {
        await reopened.destroy();
        await fresh.destroy();
      }
    } finally {
      await dropSchema(url, old);
      await dropSchema(url, neu);
    }
  });
});

/** One migration as the fixture records it: its key and the SQL statements it ran. */
interface CompiledMigration {
  name: string;
  statements: string[];
}

const SHIPPED = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/shipped-migrations.json', import.meta.url)), 'utf8')) as Record<
  Dialect,
  CompiledMigration[]
>;

/** Today's migrations of a dialect compiled, not run (Kysely's DummyDriver), in Kysely's order. */
async function compiledMigrations(dialect: Dialect): Promise<CompiledMigration[]> {
  const migrations = migrationsFor(dialect);
  const out: CompiledMigration[] = [];
  for (const name of Object.keys(migrations).sort((a, b) => a.localeCompare(b))) {
    const statements: string[] = [];
    const pg = dialect === 'postgres';
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => (pg ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
        createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      },
      log: (e) => {
        if (e.level === 'query')
          statements.push(e.query.parameters.length ? `${e.query.sql} -- ${JSON.stringify(e.query.parameters)}` : e.query.sql);
      },
    });
    await migrations[name]!.up(db);
    out.push({ name, statements });
  }
  return out;
}

/**
 * Migrates a database as the earlier versions did: their keys, their SQL, through Kysely's Migrator;
 * with `before`, only the migrations whose keys sort before it (a database of an older version).
 */
async function migrateAsShipped(db: Kysely<unknown>, dialect: Dialect, migrationTableSchema?: string, before?: string): Promise<void> {
  const migrations = Object.fromEntries(
    SHIPPED[dialect]
      .filter((m) => !before || m.name < before)
      .map((m) => [
        m.name,
        {
          async up(trx: Kysely<unknown>) {
            for (const statement of m.statements) await sql.raw(statement).execute(trx);
          },
        },
      ]),
  );
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  if (error) throw error;
}

/** The migration keys a database recorded, in the order they ran. */
async function migrationKeys(db: Kysely<Database>): Promise<string[]> {
  return (await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db)).rows.map((r) => r.name);
}

/** A PostgreSQL schema's tables, columns, constraints and indexes, without the schema's name. */
async function pgSchema(db: Kysely<Database>): Promise<unknown[][]> {
  const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() order by table_name, column_name`.execute(db);
  const constraints = await sql`select c.conrelid::regclass::text as tbl, c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.connamespace = current_schema()::regnamespace order by tbl, c.conname`.execute(db);
  const indexes = await sql<{
    indexdef: string;
  }>`select indexname, replace(indexdef, current_schema() || '.', '') as indexdef from pg_indexes
    where schemaname = current_schema() order by indexname`.execute(db);
  return [columns.rows, constraints.rows, indexes.rows];
}
