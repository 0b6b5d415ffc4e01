import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { LiveTour } from '../tour/live-tour';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { DatabaseUnavailability } from '../database/database-unavailable';
import { LeaseRecoveries, type LeasedWork } from '../notifications/lease-recoveries';
import { readOutboxBacklog } from '../notifications/outbox';
import { readSlotSeats } from '../seat-ledger/slot-seats';

/** What an outbox row is for, as the metrics name it. */
export type OutboxWork = LeasedWork;

interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * The figures an operator watches and alerts on, in Prometheus's text format (GET /metrics):
 * request durations by route and status, the database pool, answers cut by the database being
 * away (deadline or connection), the outbox's backlog and oldest age, leases taken back from
 * dead workers, and the seats of every open slot. One registry per application, so two app
 * instances in one process (the tests) keep their own figures.
 */
@Injectable()
export class Metrics implements LeaseRecoveries {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route (as declared, e.g. /api/registrations/:id) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly databaseUnavailable = new Counter({
    name: 'database_unavailable_answers_total',
    help: 'Answers of 503 because PostgreSQL was away: reason "deadline" when the app\'s own deadline cut the wait, "connection" when it refused or dropped the connection.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly leaseRecoveries = new Counter({
    name: 'outbox_lease_recoveries_total',
    help: 'Outbox rows taken back after the worker that held them stopped renewing its lease (a dead or stuck process).',
    labelNames: ['work'] as const,
    registers: [this.registry],
  });

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    catalogue: LiveTour,
  ) {
    const { logger } = this;
    const pool = () =>
      (dataSource.driver as unknown as { master?: PoolFigures }).master ?? undefined;
    new Gauge({
      name: 'database_pool_connections',
      help: 'Connections of this process\'s pool: "busy" lent to a request, "idle", "waiting" requests queued for one, and "max" the pool\'s size.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const figures = pool();
        if (!figures) return;
        this.set({ state: 'busy' }, figures.totalCount - figures.idleCount);
        this.set({ state: 'idle' }, figures.idleCount);
        this.set({ state: 'waiting' }, figures.waitingCount);
        this.set({ state: 'max' }, figures.options?.max ?? 0);
      },
    });
    const backlog = new Gauge({
      name: 'outbox_backlog',
      help: 'Outbox rows not yet sent nor cancelled (emails, refunds to the payment provider).',
      labelNames: ['work'] as const,
      registers: [this.registry],
    });
    const oldest = new Gauge({
      name: 'outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row not yet sent nor cancelled; 0 when there is none.',
      labelNames: ['work'] as const,
      registers: [this.registry],
    });
    const seats = new Gauge({
      name: 'slot_seats',
      help: 'Seats of each slot open for registration: "held" unpaid, "paid", "confirmed" from the waiting list, "limit" the slot\'s capacity; and "waiting" people on its waiting list.',
      labelNames: ['event', 'slot', 'state'] as const,
      registers: [this.registry],
    });
    const figuresUp = new Gauge({
      name: 'metrics_database_figures_up',
      help: '1 when the outbox and seat figures of this scrape could be read from PostgreSQL, 0 when not.',
      registers: [this.registry],
    });
    // Read at each scrape, before the figures are written out; when PostgreSQL is away the
    // scrape still answers, with the process's own figures (pool, 503s) and without these.
    this.readDatabaseFigures = async () => {
      try {
        await readOutbox(dataSource, backlog, oldest);
        await readSeats(dataSource, catalogue, config, seats);
        figuresUp.set(1);
      } catch (error) {
        backlog.reset();
        oldest.reset();
        seats.reset();
        figuresUp.set(0);
        logger.warn(`Database figures not read: ${(error as Error).message}`);
      }
    };
  }

  private readonly readDatabaseFigures: () => Promise<void>;

  get contentType(): string {
    return this.registry.contentType;
  }

  async render(): Promise<string> {
    await this.readDatabaseFigures();
    return this.registry.metrics();
  }

  databaseUnavailableAnswer(reason: DatabaseUnavailability): void {
    this.databaseUnavailable.inc({ reason });
  }

  leasesRecovered(work: OutboxWork, count: number): void {
    if (count > 0) this.leaseRecoveries.inc({ work }, count);
  }

  /** Times every answer; registered once, before the routes. */
  readonly httpMiddleware: RequestHandler = (
    request: Request,
    response: Response,
    next: NextFunction,
  ) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.requestDuration.observe(
        { method: request.method, route: routeOf(request), status: String(response.statusCode) },
        seconds,
      );
    });
    next();
  };
}

/** The route as declared (bounded cardinality), never the path as asked. */
function routeOf(request: Request): string {
  const declared = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof declared === 'string') return `${request.baseUrl}${declared}`;
  return request.originalUrl.startsWith('/api') ? 'unmatched' : 'site';
}

async function readOutbox(dataSource: DataSource, backlog: Gauge, oldest: Gauge): Promise<void> {
  const rows = await readOutboxBacklog(dataSource);
  for (const work of ['email', 'refund'] as const) {
    const row = rows.find((candidate) => candidate.work === work);
    backlog.set({ work }, row?.pending ?? 0);
    oldest.set({ work }, Math.max(0, row?.oldestSeconds ?? 0));
  }
}

async function readSeats(
  dataSource: DataSource,
  catalogue: LiveTour,
  config: AppConfig,
  seats: Gauge,
): Promise<void> {
  const rows = await readSlotSeats(dataSource);
  const now = new Date();
  seats.reset();
  for (const row of rows) {
    if (
      !catalogue.isOpenForRegistration(
        row.event,
        row.time,
        now,
        config.registrationClosesMinutesBefore,
      )
    ) {
      continue;
    }
    const slot = { event: row.event, slot: row.time };
    seats.set({ ...slot, state: 'held' }, row.held);
    seats.set({ ...slot, state: 'paid' }, row.paid);
    seats.set({ ...slot, state: 'confirmed' }, row.confirmed);
    seats.set({ ...slot, state: 'limit' }, row.seat_limit);
    seats.set({ ...slot, state: 'waiting' }, row.waiting_list);
  }
}
