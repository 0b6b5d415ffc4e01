import { Pool } from 'pg';
import { newStreamsStatement, type NewStream } from '../../src/event-store/append-to-new-streams';
import { appendToStream } from '../../src/event-store/append-to-stream';
import { ConcurrencyError } from '../../src/event-store/concurrency-error';
import type { NewEvent, RecordedEvent } from '../../src/event-store/event-store.types';
import type { SqlExecutor } from '../../src/event-store/sql-executor';
import type { SqlStatement } from '../../src/event-store/sql-statement';
import { readStream } from '../../src/event-store/read-stream';
import { createTestDatabase, type TestDatabase } from '../test-database';

const fact = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  metadata: { actor: 'system' },
});

/** The statement sent as the registration store sends it, alone: its rows, or its refusal. */
async function appendToNewStreams(
  sql: SqlExecutor,
  streams: NewStream[],
  alongside: SqlStatement[] = [],
): Promise<RecordedEvent[][]> {
  const append = newStreamsStatement(streams, alongside);
  if (!append) return streams.map(() => []);
  try {
    return append.recorded(await sql.query(append.statement.text, append.statement.parameters));
  } catch (error) {
    throw append.refusal(error);
  }
}

describe('newStreamsStatement', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 10 });
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const sql = {
    query: (text: string, params?: unknown[]) => pool.query(text, params).then((r) => r.rows),
  };

  it('starts every stream at version 1, positions in the order given', async () => {
    const recorded = await appendToNewStreams(sql, [
      { streamId: 'many-a', events: [fact('Opened', { n: 1 }), fact('Moved', { n: 2 })] },
      { streamId: 'many-b', events: [fact('Opened', { n: 3 })] },
      { streamId: 'many-c', events: [] },
      { streamId: 'many-d', events: [fact('Opened', { n: 4 })] },
    ]);
    expect(
      recorded.map((events) => events.map((event) => [event.streamId, event.streamVersion])),
    ).toEqual([
      [
        ['many-a', 1],
        ['many-a', 2],
      ],
      [['many-b', 1]],
      [],
      [['many-d', 1]],
    ]);
    const positions = recorded.flat().map((event) => event.globalPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(recorded[0][1].data).toEqual({ n: 2 });
    expect((await readStream(sql, 'many-a')).map((event) => event.type)).toEqual([
      'Opened',
      'Moved',
    ]);
    // The streams go on like any other.
    await appendToStream(sql, 'many-b', 1, [fact('Closed')]);
    expect((await readStream(sql, 'many-b')).map((event) => event.streamVersion)).toEqual([1, 2]);
  });

  it('writes nothing and names the stream when one of them already exists', async () => {
    await appendToStream(sql, 'taken', 0, [fact('Opened')]);
    const attempt = appendToNewStreams(sql, [
      { streamId: 'fresh-1', events: [fact('Opened')] },
      { streamId: 'taken', events: [fact('Opened')] },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({ streamId: 'taken', expectedVersion: 0 });
    expect(await readStream(sql, 'fresh-1')).toEqual([]);
    expect((await readStream(sql, 'taken')).length).toBe(1);
  });

  it('lets exactly one of two batches starting the same stream win', async () => {
    const results = await Promise.allSettled([
      appendToNewStreams(sql, [
        { streamId: 'race-x', events: [fact('A')] },
        { streamId: 'race-shared', events: [fact('A')] },
      ]),
      appendToNewStreams(sql, [
        { streamId: 'race-shared', events: [fact('B')] },
        { streamId: 'race-y', events: [fact('B')] },
      ]),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === 'rejected');
    expect(lost.reason).toBeInstanceOf(ConcurrencyError);
    expect((await readStream(sql, 'race-shared')).length).toBe(1);
  });

  it('makes the writes alongside in the same statement, all or nothing', async () => {
    await sql.query('CREATE TABLE alongside_rows (name text PRIMARY KEY, n int)');
    const alongside = (name: string) => ({
      text: 'INSERT INTO alongside_rows (name, n) VALUES ($1, $2)',
      parameters: [name, 7],
    });
    await appendToNewStreams(
      sql,
      [{ streamId: 'with-row', events: [fact('Opened')] }],
      [alongside('kept')],
    );
    await expect(
      appendToNewStreams(
        sql,
        [{ streamId: 'with-row', events: [fact('Again')] }],
        [alongside('dropped')],
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await sql.query('SELECT name, n FROM alongside_rows')).toEqual([{ name: 'kept', n: 7 }]);
  });

  it('appends nothing for no events', async () => {
    expect(await appendToNewStreams(sql, [])).toEqual([]);
  });
});
