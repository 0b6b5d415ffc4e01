import { Client } from 'pg';
import { copyRows, copyText } from '../../src/database/copy-rows';
import { createDataSource } from '../../src/database/data-source';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';

describe('copyRows: rows in by one COPY', () => {
  let database: TestDatabase;
  let client: Client;

  // Declared before the database's own hooks: runs before it is dropped.
  afterAll(async () => {
    await client.end();
  });

  const opened = databaseOfItsOwn();

  beforeAll(async () => {
    database = opened.database;
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  beforeEach(async () => {
    await client.query('DROP TABLE IF EXISTS copied');
    await client.query(`CREATE TABLE copied (
      id integer PRIMARY KEY, label text, flag boolean, at timestamptz, big bigint, note text)`);
  });

  it('writes every value as node-postgres would send it, the awkward ones included', async () => {
    const at = new Date('2026-12-01T19:00:00.123Z');
    const awkward = [
      'tab\there',
      'new\nline',
      'carriage\rreturn',
      'back\\slash',
      '\\N',
      '\\.',
      'Ștefan 🌙 夢',
      '',
      ' leading and trailing ',
    ];
    const rows = awkward.map((label, index) => [
      index + 1,
      label,
      index % 2 === 0,
      index === 0 ? at : at.toISOString(),
      index === 0 ? '9007199254740993' : index,
      index === 1 ? null : undefined,
    ]);
    await client.query('BEGIN');
    await copyRows(client, 'copied', ['id', 'label', 'flag', 'at', 'big', 'note'], rows);
    await client.query('COMMIT');
    const { rows: stored } = await client.query<{
      id: number;
      label: string;
      flag: boolean;
      at: Date;
      big: string;
      note: string | null;
    }>('SELECT * FROM copied ORDER BY id');
    expect(stored.map((row) => row.label)).toEqual(awkward);
    expect(stored.map((row) => row.flag)).toEqual(awkward.map((_, index) => index % 2 === 0));
    expect(stored.every((row) => row.at.getTime() === at.getTime())).toBe(true);
    expect(stored[0].big).toBe('9007199254740993');
    expect(stored[3].big).toBe('3');
    expect(stored.every((row) => row.note === null)).toBe(true);
  });

  it('writes thousands of rows, across its chunks, in order', async () => {
    const rows = Array.from({ length: 2_345 }, (_, index) => [index, `row ${index}`]);
    await copyRows(client, 'copied', ['id', 'label'], rows);
    const { rows: stored } = await client.query<{ count: number; last: string }>(
      `SELECT count(*)::int AS count, max(label) FILTER (WHERE id = 2344) AS last FROM copied`,
    );
    expect(stored[0]).toEqual({ count: 2_345, last: 'row 2344' });
  });

  it('fails the whole COPY, and its transaction, on a row PostgreSQL refuses', async () => {
    await client.query('BEGIN');
    await client.query(`INSERT INTO copied (id, label) VALUES (0, 'before')`);
    await expect(
      copyRows(
        client,
        'copied',
        ['id', 'label'],
        [
          [1, 'one'],
          [1, 'the same key again'],
        ],
      ),
    ).rejects.toThrow(/duplicate key/);
    await client.query('ROLLBACK');
    const { rows } = await client.query('SELECT * FROM copied');
    expect(rows).toEqual([]);
  });

  it("runs on a TypeORM transaction's own connection", async () => {
    const dataSource = createDataSource(database.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      await dataSource.transaction(async (manager) => {
        await copyRows(manager, 'copied', ['id', 'label'], [[7, 'in the transaction']]);
        const inside = (await manager.query('SELECT label FROM copied')) as unknown[];
        expect(inside).toEqual([{ label: 'in the transaction' }]);
      });
      // Outside a transaction there is no one connection to COPY on.
      await expect(copyRows(dataSource.manager, 'copied', ['id'], [[8]])).rejects.toThrow(
        /connection of its own/,
      );
    } finally {
      await dataSource.destroy();
    }
  });

  it('takes no objects or arrays, which COPY text cannot say', () => {
    expect(() => copyText({ a: 1 })).toThrow(/no objects/);
    expect(() => copyText(['a'])).toThrow(/no objects/);
    expect(copyText(null)).toBe('\\N');
    expect(copyText(false)).toBe('f');
  });
});
