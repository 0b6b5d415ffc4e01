import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServerResponse } from 'node:http';
import type { DataSource } from 'typeorm';
import { sendApiError } from './api-error-response';
import { clientIdentityOf } from './client-identity';

export interface RateLimit {
  /** Requests allowed per window and client; 0 means no limit. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * How a client (clientIdentityOf) is kept: a hash, never the address itself (rate-limit
 * counters, the cap on unpaid holds).
 */
export function clientKeyOf(client: string): string {
  return createHash('sha256').update(client).digest('hex').slice(0, 32);
}

/**
 * Counts one request of `client` against `bucket` in PostgreSQL, so the limit holds for the
 * whole fleet: the upsert is atomic, and every replica sees the same counter.
 */
export async function countRequest(
  dataSource: DataSource,
  bucket: string,
  client: string,
  rule: RateLimit,
): Promise<RateLimitDecision> {
  const clientHash = clientKeyOf(client);
  const [row] = (await dataSource.query(
    `WITH now AS (SELECT extract(epoch FROM clock_timestamp()) AS seconds),
          slot AS (
            SELECT to_timestamp(floor(seconds / $3) * $3) AS window_start,
                   ceil((floor(seconds / $3) + 1) * $3 - seconds)::int AS remaining
              FROM now)
     INSERT INTO rate_limit_counters AS counter (bucket, client_hash, window_start, hits)
       SELECT $1, $2, window_start, 1 FROM slot
     ON CONFLICT (bucket, client_hash, window_start)
       DO UPDATE SET hits = counter.hits + 1
     RETURNING hits, (SELECT remaining FROM slot) AS remaining`,
    [bucket, clientHash, rule.windowSeconds],
  )) as { hits: number; remaining: number }[];
  return {
    allowed: row.hits <= rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, row.remaining),
  };
}

/** Drops counters of windows that have ended; any replica may do it, at any time. */
export async function pruneRateLimitCounters(dataSource: DataSource, windowSeconds: number) {
  await dataSource.query(
    `DELETE FROM rate_limit_counters
      WHERE window_start < clock_timestamp() - make_interval(secs => $1 * 2)`,
    [windowSeconds],
  );
}

/**
 * Limits registrations (POST /api/create-checkout-session) per client (clientIdentityOf). A
 * database hiccup does not block registration: the counter is skipped and the handler's own
 * database error decides the answer.
 */
export class RegistrationRateLimit {
  /** The route it limits. */
  static readonly PATH = '/api/create-checkout-session';

  private readonly logger = new Logger('RateLimit');
  private lastPrune = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rule: RateLimit,
    private readonly ipv6PrefixLength: number,
  ) {}

  get enabled(): boolean {
    return this.rule.limit > 0;
  }

  /**
   * Counts one registration of `client` and puts the RateLimit-* headers on the answer; says
   * undefined when the count failed (logged), which lets the registration through.
   */
  async count(client: string, response: ServerResponse): Promise<RateLimitDecision | undefined> {
    let decision: RateLimitDecision;
    try {
      decision = await countRequest(this.dataSource, 'registration', client, this.rule);
    } catch (error) {
      this.logger.warn(`Rate limit not counted: ${(error as Error).message}`);
      return undefined;
    }
    if (Date.now() - this.lastPrune > this.rule.windowSeconds * 1000) {
      this.lastPrune = Date.now();
      pruneRateLimitCounters(this.dataSource, this.rule.windowSeconds).catch(() => undefined);
    }
    response.setHeader('RateLimit-Limit', String(this.rule.limit));
    response.setHeader('RateLimit-Remaining', String(Math.max(0, this.rule.limit - decision.hits)));
    response.setHeader('RateLimit-Reset', String(decision.retryAfterSeconds));
    return decision;
  }

  readonly middleware: RequestHandler = (
    request: Request,
    response: Response,
    next: NextFunction,
  ) => {
    if (!this.enabled || request.method !== 'POST') return next();
    void this.count(clientIdentityOf(request, this.ipv6PrefixLength), response).then((decision) => {
      if (!decision || decision.allowed) return next();
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      sendApiError(
        response,
        429,
        `Too many registrations from this address; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
    });
  };
}

/**
 * Dream shares (POST /api/registrations/{id}/dreams) per window, counted per client and
 * per registration, fleet-wide. Says how many seconds to wait when either is over the limit,
 * undefined when the share may go on (or the count failed: the database decides then).
 */
export async function dreamShareWait(
  dataSource: DataSource,
  rule: RateLimit,
  client: string,
  registrationId: string,
): Promise<number | undefined> {
  if (rule.limit <= 0) return undefined;
  try {
    const decisions = [
      await countRequest(dataSource, 'dream-share-address', client, rule),
      await countRequest(dataSource, 'dream-share-registration', registrationId, rule),
    ];
    const refused = decisions.filter((decision) => !decision.allowed);
    return refused.length > 0
      ? Math.max(...refused.map((decision) => decision.retryAfterSeconds))
      : undefined;
  } catch {
    return undefined;
  }
}
