import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServerResponse } from 'node:http';
import type { DataSource } from 'typeorm';
import { sendApiError } from './api-error-response';
import { clientIdentityOf } from './client-identity';
import { minutesToWait } from '../common/minutes-to-wait';
import { DomainError } from '../common/domain-error';
import {
  countRequests,
  pruneRateLimitCounters,
  RequestCounter,
  type RateLimit,
  type RateLimitDecision,
} from './request-counts';

/** Too many registrations from one client (429), answered here before the route runs. */
export class RegistrationsThrottled extends DomainError {
  static override readonly codes = { 'too-many-registrations': 429 };
}

/**
 * Limits registrations (POST /api/create-checkout-session) per client (clientIdentityOf). A
 * database hiccup does not block registration: the counter is skipped and the handler's own
 * database error decides the answer.
 */
export class RegistrationRateLimit {
  private readonly logger = new Logger('RateLimit');
  private lastPrune = 0;
  private readonly counter: RequestCounter;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rule: RateLimit,
    private readonly ipv6PrefixLength: number,
  ) {
    this.counter = new RequestCounter(dataSource);
  }

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
      decision = await this.counter.count({ bucket: 'registration', client, rule: this.rule });
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
      sendApiError(
        response,
        429,
        'too-many-registrations',
        `Too many registrations from this address; please try again in ${minutesToWait(decision.retryAfterSeconds)}.`,
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
    const decisions = await countRequests(dataSource, [
      { bucket: 'dream-share-address', client, rule },
      { bucket: 'dream-share-registration', client: registrationId, rule },
    ]);
    const refused = decisions.filter((decision) => !decision.allowed);
    return refused.length > 0
      ? Math.max(...refused.map((decision) => decision.retryAfterSeconds))
      : undefined;
  } catch {
    return undefined;
  }
}
