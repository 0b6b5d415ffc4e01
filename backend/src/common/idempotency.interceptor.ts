import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, concatMap, from, type Observable, of } from 'rxjs';
import { DataSource } from 'typeorm';
import { toApiError } from './api-exception.filter';
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

function refusal(code: keyof typeof IdempotencyRefused.codes, message: string): IdempotencyRefused {
  return new IdempotencyRefused(code, message, IDEMPOTENCY_KEY_HEADER);
}

interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: unknown;
}

/**
 * Idempotency-Key on a POST route (@UseInterceptors): the first request with a key runs and its
 * answer is kept (2xx and 4xx; after a 5xx the key is let go, so a retry runs again); a retry
 * with the same key and body gets that answer again (Idempotent-Replayed: true), fleet-wide;
 * the same key with another body is refused (422), and while the first is still running, a
 * retry is told to come back (409, Retry-After: 1). Without the header nothing changes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private lastPrune = 0;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.headers['idempotency-key'];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.pattern!.test(key)) {
      throw refusal(
        'idempotency-key-invalid',
        `${IDEMPOTENCY_KEY_HEADER} must be ${IDEMPOTENCY_KEY.shape}`,
      );
    }
    const scope = `${request.method} ${request.baseUrl}${request.route?.path ?? request.path}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    this.prune();
    const claimed = await this.claim(scope, key, fingerprint);
    if (!claimed) {
      const [row] = (await this.dataSource.query(
        'SELECT fingerprint, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      )) as KeyRow[];
      if (!row) return this.intercept(context, next); // let go in between: claim it again
      if (row.fingerprint !== fingerprint) {
        throw refusal(
          'idempotency-key-reused',
          'This Idempotency-Key was used for another request',
        );
      }
      if (row.status === null) {
        response.setHeader('Retry-After', '1');
        throw refusal(
          'idempotency-key-in-flight',
          'A request with this Idempotency-Key is still being answered; retry it in a moment',
        );
      }
      response.setHeader('Idempotent-Replayed', 'true');
      if (row.status >= 400) throw new HttpException(row.body as object, row.status);
      response.status(row.status);
      return of(row.body);
    }
    return next.handle().pipe(
      concatMap((body: unknown) =>
        from(this.keep(scope, key, response.statusCode, body).then(() => body)),
      ),
      catchError((error: unknown) =>
        from(
          (async () => {
            const answer = toApiError(error);
            if (answer.statusCode < 500) await this.keep(scope, key, answer.statusCode, answer);
            else await this.letGo(scope, key);
            throw error;
          })(),
        ),
      ),
    );
  }

  /** Takes the key for this request: a new one, or one whose claim lapsed unanswered. */
  private async claim(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO UPDATE SET claimed_at = now()
         WHERE idempotency_keys.status IS NULL
           AND idempotency_keys.fingerprint = EXCLUDED.fingerprint
           AND idempotency_keys.claimed_at < now() - make_interval(secs => $4)
       RETURNING 1`,
      [scope, key, fingerprint, CLAIM_LEASE_SECONDS],
    )) as unknown[];
    return rows.length > 0;
  }

  private async keep(scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      'UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2',
      [scope, key, status, JSON.stringify(body ?? null)],
    );
  }

  private async letGo(scope: string, key: string): Promise<void> {
    await this.dataSource
      .query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key])
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
