/** PostgreSQL schemas as units of state: a throwaway one per test kit, dropped on close. */
import { SCHEMA_NAME } from './db.js';
import { loadPg } from './pg-driver.js';

/** Drops a schema and everything in it; a missing schema is not an error. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`database schema ${JSON.stringify(schema)}: use lower-case letters, digits and _`);
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
