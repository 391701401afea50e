import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

/** The heartbeat's period, and how late it may be before the signal counts as behind. */
const HEARTBEAT_EVERY_MS = 1000;
const BEHIND_AFTER_MS = 2000;
/** A heartbeat this late means the connection is dead even if the socket has not said so. */
const DEAD_AFTER_MS = 10_000;
const TICK_MS = 250;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

/**
 * The channel the triggers of migration 0031 notify for a schema: one per schema, so nodes of one
 * schema (tests run many in one database) hear only their own. A hash keeps the name within
 * PostgreSQL's 63-byte identifier limit whatever the schema's name (a longer channel would make
 * `pg_notify`, and so the writing statement, fail). The listener asks the database for the same
 * expression, so both sides compute it identically.
 */
export const CHANGE_CHANNEL_SQL = `'firma_change_' || md5(current_schema())`;

/**
 * PostgreSQL's change signal for one process (docs/design/hot-path-reads.md): a
 * dedicated connection (not from the pool) LISTENs on the schema's change channel, which
 * statement-level triggers notify on every commit that touches a table a cache depends on. Every
 * notification moves a counter; so does every commit of this process (`noteOwnCommit`, called
 * when a pooled connection that wrote is released, i.e. after its commit), which keeps
 * read-your-writes exact without waiting for the notification's trip back.
 *
 * The stamp is `epoch:counter` only while the signal is known to be complete: connected,
 * listening, and its last heartbeat (a NOTIFY it sends itself every second on a channel of its own,
 * queued behind every earlier notification) came back within two seconds. Otherwise it is null,
 * which makes every cache check its entry. A new connection starts a new epoch, since the
 * notifications of the gap are lost: entries checked before are checked again.
 */
export class PgChangeSignal {
  private client: pg.Client | null = null;
  private connecting = false;
  private started = false;
  private stopped = false;
  private healthy = false;
  private epoch = 0;
  private counter = 0;
  private current: string | null = null;
  private heartbeatSeq = 0;
  private pending: { n: number; sentAt: number } | null = null;
  private lastSentAt = 0;
  private tick: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_FIRST_MS;
  /** This process's heartbeat channel: nobody else listens on it. */
  private readonly heartbeatChannel = `firma_hb_${randomBytes(8).toString('hex')}`;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly log?: Logger,
  ) {}

  /** Starts listening (once; later calls do nothing). The stamp stays null until the first heartbeat. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.tick = setInterval(() => this.onTick(), TICK_MS);
    this.tick.unref();
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.setHealthy(false);
    if (this.tick) clearInterval(this.tick);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** The current stamp, or null while the signal may be incomplete. */
  stamp(): string | null {
    return this.current;
  }

  /** A commit of this process: it moves the stamp at once. */
  noteOwnCommit(): void {
    this.counter++;
    if (this.healthy) this.current = `${this.epoch}:${this.counter}`;
  }

  private setHealthy(healthy: boolean): void {
    this.healthy = healthy;
    this.current = healthy ? `${this.epoch}:${this.counter}` : null;
  }

  private async connect(): Promise<void> {
    if (this.connecting || this.stopped) return;
    this.connecting = true;
    this.setHealthy(false);
    const client = new pg.Client({ ...this.clientConfig, application_name: `firma-listener-${process.pid}` });
    client.on('notification', (message) => this.onNotification(client, message));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ channel: string | null }>(`select ${CHANGE_CHANNEL_SQL} as channel`);
      const channel = rows[0]?.channel;
      if (!channel) throw new Error('no current schema: the search path names no existing schema');
      await client.query(`listen ${quoteIdent(channel)}; listen ${quoteIdent(this.heartbeatChannel)}`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.epoch++;
      this.pending = null;
      this.retryMs = RECONNECT_FIRST_MS;
      // Healthy only once a heartbeat sent after LISTEN came back: from then on nothing is missed.
      this.sendHeartbeat(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.log?.warn({ err: { message: (error as Error).message } }, 'change listener could not connect; retrying');
      this.scheduleReconnect();
    } finally {
      this.connecting = false;
    }
  }

  private onNotification(client: pg.Client, message: pg.Notification): void {
    if (client !== this.client) return;
    if (message.channel === this.heartbeatChannel) {
      if (this.pending && message.payload === String(this.pending.n)) {
        this.pending = null;
        if (!this.healthy) this.setHealthy(true);
      }
      return;
    }
    this.counter++;
    if (this.healthy) this.current = `${this.epoch}:${this.counter}`;
  }

  private onTick(): void {
    const client = this.client;
    if (!client) return;
    const now = Date.now();
    if (this.pending) {
      const late = now - this.pending.sentAt;
      if (late > BEHIND_AFTER_MS && this.healthy) this.setHealthy(false);
      if (late > DEAD_AFTER_MS) this.lost(client, new Error('heartbeat not received'));
      return;
    }
    if (now - this.lastSentAt >= HEARTBEAT_EVERY_MS) this.sendHeartbeat(client);
  }

  private sendHeartbeat(client: pg.Client): void {
    const n = ++this.heartbeatSeq;
    this.lastSentAt = Date.now();
    this.pending = { n, sentAt: this.lastSentAt };
    client
      .query('select pg_notify($1, $2)', [this.heartbeatChannel, String(n)])
      .catch((error: Error) => this.lost(client, error));
  }

  /** The connection failed or ended: null stamp now, a new connection (and epoch) soon. */
  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = null;
    this.setHealthy(false);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.log?.warn(
      { err: error ? { message: error.message } : undefined },
      'change listener disconnected; caches check every entry until it is back',
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Statements that never change data: releasing a connection that ran only these moves nothing. */
const READ_ONLY = /^\s*(select|begin|commit|rollback|show)\b/i;

/**
 * Calls `onCommit` whenever a pooled connection that ran a writing statement is released. Kysely
 * releases a connection after the statement (autocommit) or after COMMIT, so this runs once the
 * write is visible to every other connection, and before the caller's await resumes: the use case
 * answers only after the stamp moved. Covers every write of the process (any use case, the job
 * runner, transactions or single statements) without each having to remember it.
 */
export function trackPoolWrites(pool: pg.Pool, onCommit: () => void): void {
  const written = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || !READ_ONLY.test(text)) written.add(client);
      return query(...args);
    };
  });
  pool.on('release', (_error, client) => {
    if (!written.has(client)) return;
    written.delete(client);
    onCommit();
  });
}
