import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

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

/** One request of `client` to count against `bucket` under `rule`. */
export interface RequestCount {
  bucket: string;
  client: string;
  rule: RateLimit;
}

/**
 * Counts requests in PostgreSQL, so each limit holds for the whole fleet: one atomic upsert
 * for all of `counts`, every replica seeing the same counters. Requests of one client in one
 * bucket are added together (a statement may not update a row twice) and each is given its own
 * place in the count, in the order given. Answers each request's decision, in that order.
 */
export async function countRequests(
  dataSource: DataSource,
  counts: readonly RequestCount[],
): Promise<RateLimitDecision[]> {
  // One counter's requests in this statement, then its total and time left after the statement.
  interface Group {
    bucket: string;
    hash: string;
    window: number;
    hits: number;
    counted?: { hits: number; remaining: number };
  }
  const groups = new Map<string, Group>();
  const placed = counts.map(({ bucket, client, rule }) => {
    const hash = clientKeyOf(client);
    const id = `${bucket}\u0000${hash}\u0000${rule.windowSeconds}`;
    const group: Group = groups.get(id) ?? { bucket, hash, window: rule.windowSeconds, hits: 0 };
    groups.set(id, group);
    group.hits += 1;
    return { group, place: group.hits, limit: rule.limit };
  });
  const rows = [...groups.values()];
  const counted = (await dataSource.query(
    `WITH now AS (SELECT extract(epoch FROM clock_timestamp()) AS seconds),
          counted AS (
            SELECT ordinal, bucket, client_hash, hits,
                   to_timestamp(floor(seconds / window_seconds) * window_seconds) AS window_start,
                   ceil((floor(seconds / window_seconds) + 1) * window_seconds - seconds)::int
                     AS remaining
              FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])
                     WITH ORDINALITY AS c(bucket, client_hash, window_seconds, hits, ordinal),
                   now),
          upserted AS (
            INSERT INTO rate_limit_counters AS counter (bucket, client_hash, window_start, hits)
              SELECT bucket, client_hash, window_start, hits FROM counted
            ON CONFLICT (bucket, client_hash, window_start)
              DO UPDATE SET hits = counter.hits + excluded.hits
            RETURNING bucket, client_hash, window_start, hits)
     SELECT counted.ordinal::int AS ordinal, upserted.hits, counted.remaining
       FROM counted
       JOIN upserted USING (bucket, client_hash, window_start)`,
    [
      rows.map((row) => row.bucket),
      rows.map((row) => row.hash),
      rows.map((row) => row.window),
      rows.map((row) => row.hits),
    ],
  )) as { ordinal: number; hits: number; remaining: number }[];
  for (const row of counted) rows[row.ordinal - 1].counted = row;
  return placed.map(({ group, place, limit }) => {
    const total = group.counted!;
    // This request's hit: the counter as it was before the statement, plus its place.
    const hits = total.hits - group.hits + place;
    return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, total.remaining) };
  });
}

/**
 * Counts requests as they come, one statement at a time (countRequests): the requests that
 * arrive while a statement is out are counted together by the next one, so a rush costs a
 * statement per round trip rather than one per request, and a quiet hour one per request.
 */
export class RequestCounter {
  private waiting: {
    count: RequestCount;
    resolve: (decision: RateLimitDecision) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private counting = false;

  constructor(private readonly dataSource: DataSource) {}

  count(count: RequestCount): Promise<RateLimitDecision> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ count, resolve, reject });
      if (!this.counting) void this.countWaiting();
    });
  }

  private async countWaiting(): Promise<void> {
    this.counting = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const decisions = await countRequests(
          this.dataSource,
          batch.map((item) => item.count),
        );
        batch.forEach((item, index) => item.resolve(decisions[index]));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.counting = false;
  }
}

/** Drops counters of windows that have ended; any replica may do it, at any time. */
export async function pruneRateLimitCounters(dataSource: DataSource, windowSeconds: number) {
  await dataSource.query(
    `DELETE FROM rate_limit_counters
      WHERE window_start < clock_timestamp() - make_interval(secs => $1 * 2)`,
    [windowSeconds],
  );
}
