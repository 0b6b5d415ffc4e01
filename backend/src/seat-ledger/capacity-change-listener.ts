import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CapacityCache } from './capacity-cache';

export const CAPACITY_CHANNEL = 'slot_capacity_changed';
/**
 * The least time between two runs of work that a capacity notification wakes (a worker's pass,
 * reading the next deadline): a rush commits dozens of times a second, and a run covers every
 * change committed before it starts.
 */
export const NOTIFIED_REST_MS = 250;
const FIRST_RETRY_MS = 200;
const LONGEST_RETRY_MS = 2000;

/**
 * One dedicated PostgreSQL connection per process, LISTENing on slot_capacity_changed: each
 * notification (one per committed transaction that changed slot_capacity, in any process)
 * drops the cached capacity answer. Other parts of the process listen on the same connection
 * (subscribe(): the catalogue, on tour_changed), so a process keeps one listening connection. The cache is on only while this connection is up and
 * listening; when it fails (database restart, network) the cache is switched off at once and
 * the connection is retried, with a growing pause, until LISTEN is in place again.
 */
@Injectable()
export class CapacityChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CapacityCache');
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;
  private listens = 0;
  private readonly channels = new Map<string, (() => void)[]>();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly cache: CapacityCache,
  ) {}

  /** Whether LISTEN is in place, and how many times it was put in place (for tests). */
  get listening(): boolean {
    return this.cache.enabled;
  }

  get connections(): number {
    return this.listens;
  }

  /**
   * Calls `changed` on each notification of `channel`, and each time LISTEN is put in place
   * (anything may have changed while nobody listened). Subscribe before the application starts.
   */
  subscribe(channel: string, changed: () => void): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    this.channels.set(channel, [...(this.channels.get(channel) ?? []), changed]);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.cache.setListening(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connectionString(): string {
    const { url } = this.dataSource.options as { url?: string };
    if (!url) throw new Error('The capacity listener needs the database URL');
    return url;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.connectionString(),
      application_name: 'ticketing-capacity-listener',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    this.client = client;
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      this.cache.setListening(false);
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(
        `Capacity cache off: its PostgreSQL connection ${error ? `failed (${error.message})` : 'ended'}; retrying`,
      );
      this.scheduleRetry();
    };
    client.on('error', fail);
    client.on('end', () => fail());
    client.on('notification', (message) => {
      if (message.channel === CAPACITY_CHANNEL) this.cache.invalidate();
      for (const changed of this.channels.get(message.channel) ?? []) changed();
    });
    try {
      await client.connect();
      await client.query(
        [CAPACITY_CHANNEL, ...this.channels.keys()]
          .map((channel) => `LISTEN ${channel};`)
          .join(' '),
      );
    } catch (error) {
      fail(error as Error);
      return;
    }
    if (failed || this.stopped) {
      if (this.stopped) await client.end().catch(() => undefined);
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    // Anything may have changed while nobody listened: start from the database.
    this.cache.setListening(true);
    for (const changed of [...this.channels.values()].flat()) changed();
    if (this.listens > 0) this.logger.log('Capacity cache on again: listening for changes');
    this.listens += 1;
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
