import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { answerApiError } from './api-exception.filter';
import { IdempotencyRefused } from './request-errors';
import type { ParameterRule } from './parameter-rule';
import type { SqlExecutor } from '../event-store/sql-executor';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY: ParameterRule = {
  maxLength: 255,
  pattern: /^[\x21-\x7e]{1,255}$/,
  shape: '1 to 255 visible ASCII characters',
};
/** A claim whose request never finished (its process died) may be taken over after this. */
const CLAIM_LEASE_SECONDS = 60;
const KEPT_HOURS = 24;

interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: unknown;
}

/**
 * Idempotency-Key on a POST route: the first request with a key runs and its answer is kept
 * (2xx and 4xx; after a 5xx the key is let go, so a retry runs again) before it is sent; a retry
 * with the same key and body gets that answer again (Idempotent-Replayed: true), fleet-wide;
 * the same key with another body is refused (422), and while the first is still running, a
 * retry is told to come back (409, Retry-After: 1). Without the header nothing changes.
 *
 * An Express middleware on the route's path (after the body is read, after the rate limit),
 * not a Nest interceptor: an interceptor puts every request of its route through an rxjs chain,
 * header or not (14% of a cold registration's CPU in the rush). It sees the route's every
 * answer, the validation pipe's refusals included, because it holds back `response.json`, the
 * one way Nest's adapter and the exception filter send a body.
 */
export class IdempotentAnswers {
  private readonly logger = new Logger('IdempotentAnswers');
  private lastPrune = 0;

  constructor(
    private readonly dataSource: DataSource,
    /** The route's method and path, as its keys are scoped. */
    private readonly scope: string,
  ) {}

  readonly middleware: RequestHandler = (
    request: Request,
    response: Response,
    next: NextFunction,
  ) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || request.method !== 'POST') return next();
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.pattern!.test(key)) {
      return this.refuse(
        response,
        'idempotency-key-invalid',
        `${IDEMPOTENCY_KEY_HEADER} must be ${IDEMPOTENCY_KEY.shape}`,
      );
    }
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    this.prune();
    this.answer(key, fingerprint, response).then(
      (runs) => (runs ? next() : undefined),
      (error: unknown) => next(error),
    );
  };

  /**
   * Claims the key and lets the route run (true) with its answer kept before it is sent, or
   * answers from what is kept (false).
   */
  private async answer(key: string, fingerprint: string, response: Response): Promise<boolean> {
    for (;;) {
      if (await this.claim(key, fingerprint)) {
        this.keepAnswerOf(key, response);
        return true;
      }
      const [row] = (await this.dataSource.query(
        'SELECT fingerprint, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [this.scope, key],
      )) as KeyRow[];
      if (!row) continue; // let go in between: claim it again
      if (row.fingerprint !== fingerprint) {
        this.refuse(
          response,
          'idempotency-key-reused',
          'This Idempotency-Key was used for another request',
        );
      } else if (row.status === null) {
        response.setHeader('Retry-After', '1');
        this.refuse(
          response,
          'idempotency-key-in-flight',
          'A request with this Idempotency-Key is still being answered; retry it in a moment',
        );
      } else {
        response.setHeader('Idempotent-Replayed', 'true');
        response.status(row.status).json(row.body);
      }
      return false;
    }
  }

  /**
   * Holds back the route's answer until it is kept for the key (a 2xx or 4xx), or the key is
   * let go (a 5xx). When it cannot be kept, the answer is the database's fault instead, and the
   * claim lapses after its lease, as a request whose process died.
   */
  private keepAnswerOf(key: string, response: Response): void {
    const send = response.json.bind(response);
    response.json = (body: unknown) => {
      response.json = send;
      const status = response.statusCode;
      const kept = status < 500 ? this.keep(key, status, body) : this.letGo(key);
      kept.then(
        () => send(body),
        (error: unknown) => {
          this.logger.error(`An answer not kept for its Idempotency-Key: ${String(error)}`);
          // response.json is the framework's own again: the filter's way of answering a fault.
          answerApiError(response, error);
        },
      );
      return response;
    };
  }

  private refuse(
    response: Response,
    code: keyof typeof IdempotencyRefused.codes,
    message: string,
  ): void {
    answerApiError(response, new IdempotencyRefused(code, message, IDEMPOTENCY_KEY_HEADER));
  }

  /** Takes the key for this request: a new one, or one whose claim lapsed unanswered. */
  private async claim(key: string, fingerprint: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO UPDATE SET claimed_at = now()
         WHERE idempotency_keys.status IS NULL
           AND idempotency_keys.fingerprint = EXCLUDED.fingerprint
           AND idempotency_keys.claimed_at < now() - make_interval(secs => $4)
       RETURNING 1`,
      [this.scope, key, fingerprint, CLAIM_LEASE_SECONDS],
    )) as unknown[];
    return rows.length > 0;
  }

  private async keep(key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      'UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2',
      [this.scope, key, status, JSON.stringify(body ?? null)],
    );
  }

  private async letGo(key: string): Promise<void> {
    await this.dataSource
      .query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [this.scope, key])
      .catch(() => undefined);
  }

  /** Keys older than a day go; any replica may do it, now and then. */
  private prune(): void {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    this.dataSource
      .query(`DELETE FROM idempotency_keys WHERE claimed_at < now() - make_interval(hours => $1)`, [
        KEPT_HOURS,
      ])
      .catch(() => undefined);
  }
}

/** Forgets the answers kept for retries that name a registration (its erasure). */
export async function forgetAnswersNamingRegistration(
  sql: SqlExecutor,
  registrationId: string,
): Promise<void> {
  await sql.query(`DELETE FROM idempotency_keys WHERE body->>'registrationId' = $1`, [
    registrationId,
  ]);
}
