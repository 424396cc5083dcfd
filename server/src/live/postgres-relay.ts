/**
 * The live feed across server processes on one PostgreSQL database: each process
 * LISTENs on one channel per schema on a dedicated connection and NOTIFYs what it publishes, so a
 * host connected to any process sees bot messages and webhook updates made through any other.
 */
import { randomBytes } from 'node:crypto';
import type * as Pg from 'pg';
import type { Logger } from 'pino';
import type { LiveEvent, LiveHub, LiveRelay } from './hub.js';
import { postgresClientConfig } from '../db/db.js';
import { loadPg, type PgModule } from '../db/pg-driver.js';

/** Wait before reconnecting a lost LISTEN connection, in ms. */
const RECONNECT_MS = 1_000;

/** The NOTIFY channel of a schema: processes on other schemas of the database hear nothing. */
export function liveChannelOf(schema: string | undefined): string {
  return schema === undefined ? 'embedkit_live' : `embedkit_live_${schema}`.slice(0, 63);
}

/**
 * Relays a {@link LiveHub}'s events through PostgreSQL NOTIFY and hands the other processes'
 * events to it. The process's own notifications come back too and are dropped (the hub has
 * delivered them locally already).
 */
export class PostgresLiveRelay implements LiveRelay {
  private readonly origin = randomBytes(8).toString('hex');
  private readonly channel: string;
  private listener: Pg.Client | undefined;
  private closed = false;
  private readonly pool: Pg.Pool;

  private constructor(
    private readonly pg: PgModule,
    private readonly location: { url: string; schema?: string },
    private readonly hub: LiveHub,
    private readonly logger: Logger,
  ) {
    this.channel = liveChannelOf(location.schema);
    // NOTIFY goes through its own small pool so that a busy store pool does not delay events.
    this.pool = new pg.Pool({ ...postgresClientConfig(pg, location), max: 2 });
    this.pool.on('error', () => undefined);
  }

  /**
   * Starts listening and attaches the relay to the hub.
   * @throws when the first LISTEN connection cannot be made.
   */
  static async start(location: { url: string; schema?: string }, hub: LiveHub, logger: Logger): Promise<PostgresLiveRelay> {
    const relay = new PostgresLiveRelay(await loadPg(), location, hub, logger);
    await relay.listen();
    hub.setRelay(relay);
    return relay;
  }

  send(event: LiveEvent): void {
    if (this.closed) return;
    const payload = JSON.stringify({ o: this.origin, e: event });
    this.pool.query('select pg_notify($1, $2)', [this.channel, payload]).catch((err: unknown) => {
      if (!this.closed) this.logger.warn({ err }, 'live event not sent to the other processes');
    });
  }

  /** Stops listening and sending. */
  async close(): Promise<void> {
    this.closed = true;
    this.hub.setRelay(undefined);
    const client = this.listener;
    this.listener = undefined;
    await Promise.allSettled([client?.end(), this.pool.end()]);
  }

  private async listen(): Promise<void> {
    const client = new this.pg.Client(postgresClientConfig(this.pg, this.location));
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      try {
        const { o, e } = JSON.parse(msg.payload) as { o: string; e: LiveEvent };
        if (o !== this.origin) this.hub.deliver(e);
      } catch {
        // Not ours: ignore.
      }
    });
    client.on('error', (err) => {
      if (this.closed) return;
      this.logger.warn({ err }, 'live feed connection lost; reconnecting');
      void client.end().catch(() => undefined);
      this.listener = undefined;
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`listen ${this.channel}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  private reconnectLater(): void {
    setTimeout(() => {
      if (this.closed) return;
      this.listen().catch(() => this.reconnectLater());
    }, RECONNECT_MS).unref();
  }
}
