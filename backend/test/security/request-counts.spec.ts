import type { DataSource } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import {
  clientKeyOf,
  countRequests,
  RequestCounter,
  type RateLimit,
} from '../../src/security/request-counts';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';

const hourly = (limit: number): RateLimit => ({ limit, windowSeconds: 3600 });

/** How many statements `dataSource` runs while `work` does. */
async function statementsDuring<T>(
  dataSource: DataSource,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const query = dataSource.query.bind(dataSource);
  let statements = 0;
  const spy = jest.spyOn(dataSource, 'query').mockImplementation((...args) => {
    statements += 1;
    return query(...args);
  });
  try {
    return { result: await work(), statements };
  } finally {
    spy.mockRestore();
  }
}

describe('counting requests against the rate limits', () => {
  let database: TestDatabase;
  let first: DataSource;
  let second: DataSource;

  // Declared before the database's own hooks: runs before it is dropped.
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
  });

  const opened = databaseOfItsOwn();

  beforeAll(async () => {
    database = opened.database;
    first = await createDataSource(database.url, { poolSize: 4 }).initialize();
    second = await createDataSource(database.url, { poolSize: 4 }).initialize();
  });

  const hitsOf = async (bucket: string, client: string) => {
    const rows = (await first.query(
      'SELECT sum(hits)::int AS hits FROM rate_limit_counters WHERE bucket = $1 AND client_hash = $2',
      [bucket, clientKeyOf(client)],
    )) as { hits: number | null }[];
    return rows[0].hits ?? 0;
  };

  it('gives each of a rush of requests from one client its own place, in fewer statements than requests', async () => {
    const counter = new RequestCounter(first);
    const { result: decisions, statements } = await statementsDuring(first, () =>
      Promise.all(
        Array.from({ length: 30 }, () =>
          counter.count({ bucket: 'rush', client: '203.0.113.1', rule: hourly(20) }),
        ),
      ),
    );
    expect(decisions.map((decision) => decision.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
    // In the order they came: the first twenty are the ones let through.
    expect(decisions.slice(0, 20).every((decision) => decision.allowed)).toBe(true);
    for (const decision of decisions) {
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    expect(statements).toBeLessThan(30);
    expect(await hitsOf('rush', '203.0.113.1')).toBe(30);
  });

  it('keeps clients and buckets apart within one statement', async () => {
    const decisions = await countRequests(first, [
      { bucket: 'apart-a', client: '198.51.100.1', rule: hourly(1) },
      { bucket: 'apart-a', client: '198.51.100.2', rule: hourly(1) },
      { bucket: 'apart-b', client: '198.51.100.1', rule: hourly(1) },
      { bucket: 'apart-a', client: '198.51.100.1', rule: hourly(1) },
    ]);
    expect(decisions.map(({ hits, allowed }) => ({ hits, allowed }))).toEqual([
      { hits: 1, allowed: true },
      { hits: 1, allowed: true },
      { hits: 1, allowed: true },
      { hits: 2, allowed: false },
    ]);
    // A later statement goes on from the stored count.
    const [next] = await countRequests(first, [
      { bucket: 'apart-a', client: '198.51.100.2', rule: hourly(1) },
    ]);
    expect(next).toMatchObject({ hits: 2, allowed: false });
  });

  it('holds one limit for two processes counting the same client at once', async () => {
    const counters = [new RequestCounter(first), new RequestCounter(second)];
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        counters[index % 2].count({ bucket: 'fleet', client: '192.0.2.7', rule: hourly(25) }),
      ),
    );
    expect(decisions.map((decision) => decision.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(25);
  });

  it('fails the requests of a statement that fails, and counts those that come after it', async () => {
    const counter = new RequestCounter(first);
    const spy = jest.spyOn(first, 'query').mockRejectedValueOnce(new Error('connection lost'));
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      // The first goes out alone and fails; the second waits for it, then goes out.
      outcomes = await Promise.allSettled([
        counter.count({ bucket: 'fault', client: '192.0.2.9', rule: hourly(5) }),
        counter.count({ bucket: 'fault', client: '192.0.2.9', rule: hourly(5) }),
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: new Error('connection lost') });
    expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { hits: 1, allowed: true } });
    expect(await hitsOf('fault', '192.0.2.9')).toBe(1);
  });
});
