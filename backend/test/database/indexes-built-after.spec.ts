import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { withIndexesBuiltAfter } from '../../src/database/indexes-built-after';
import type { SqlExecutor } from '../../src/event-store/sql-executor';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';
import { tableShapeOf } from './table-shape';

async function indexNamesOf(manager: EntityManager, table: string): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = $1::regclass
      ORDER BY 1`,
    [table],
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

describe('withIndexesBuiltAfter: a bulk write with the indexes built once after it', () => {
  let database: TestDatabase;
  let client: Client;
  let dataSource: DataSource;

  // Declared before the database's own hooks: runs before it is dropped.
  afterAll(async () => {
    await dataSource.destroy();
    await client.end();
  });

  const opened = databaseOfItsOwn();

  beforeAll(async () => {
    database = opened.database;
    client = new Client({ connectionString: database.url });
    await client.connect();
    dataSource = createDataSource(database.url, { poolSize: 1 });
    await dataSource.initialize();
  });

  beforeEach(async () => {
    await client.query('DROP TABLE IF EXISTS loaded_child, loaded');
    await client.query(`CREATE TABLE loaded (
      id uuid PRIMARY KEY,
      slot text NOT NULL,
      email text,
      session text UNIQUE,
      status text NOT NULL,
      during tsrange,
      EXCLUDE USING gist (during WITH &&) WHERE (status = 'held')
    )`);
    await client.query('CREATE UNIQUE INDEX loaded_one_per_email ON loaded (slot, email)');
    await client.query(`CREATE INDEX loaded_held ON loaded (slot) WHERE status = 'held'`);
    await client.query('CREATE INDEX loaded_search ON loaded (lower(email) text_pattern_ops)');
  });

  const row = (id: number, email: string, session: string | null = null) => [
    `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    'matera',
    email,
    session,
    'held',
  ];
  const insert = (rows: unknown[][], sql: SqlExecutor = client) =>
    sql.query(
      `INSERT INTO loaded (id, slot, email, session, status)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [0, 1, 2, 3, 4].map((column) => rows.map((values) => values[column])),
    );

  it('writes without any index, then gives the table back every index and constraint it had', async () => {
    const before = await tableShapeOf(dataSource, 'loaded');
    let during: string[] = [];
    await dataSource.transaction((manager) =>
      withIndexesBuiltAfter(manager, 'loaded', async () => {
        during = await indexNamesOf(manager, 'loaded');
        await insert([row(1, 'a@example.com', 'cs_1'), row(2, 'b@example.com')], manager);
      }),
    );
    expect(during).toEqual([]);
    expect(await tableShapeOf(dataSource, 'loaded')).toEqual(before);
    // The guards hold again: the primary key, the unique constraint and the unique index.
    await expect(insert([row(1, 'c@example.com')])).rejects.toThrow(/loaded_pkey/);
    await expect(insert([row(3, 'c@example.com', 'cs_1')])).rejects.toThrow(/loaded_session_key/);
    await expect(insert([row(4, 'a@example.com')])).rejects.toThrow(/loaded_one_per_email/);
  });

  it('fails the write that broke a unique rule when the index is built, and the rollback keeps the table as it was', async () => {
    const before = await tableShapeOf(dataSource, 'loaded');
    await expect(
      dataSource.transaction((manager) =>
        withIndexesBuiltAfter(manager, 'loaded', () =>
          insert([row(1, 'a@example.com'), row(2, 'a@example.com')], manager),
        ),
      ),
    ).rejects.toThrow(/loaded_one_per_email/);
    expect(await tableShapeOf(dataSource, 'loaded')).toEqual(before);
    const { rows } = await client.query('SELECT count(*)::int AS count FROM loaded');
    expect(rows[0].count).toBe(0);
  });

  it('leaves in place an index that a foreign key leans on', async () => {
    await client.query('CREATE TABLE loaded_child (parent uuid REFERENCES loaded (id))');
    let during: string[] = [];
    await dataSource.transaction((manager) =>
      withIndexesBuiltAfter(manager, 'loaded', async () => {
        during = await indexNamesOf(manager, 'loaded');
      }),
    );
    expect(during).toEqual(['loaded_pkey']);
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_constraint
        WHERE conrelid = 'loaded_child'::regclass AND contype = 'f'`,
    );
    expect(rows[0].count).toBe(1);
  });
});
