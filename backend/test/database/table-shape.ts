import type { SqlExecutor } from '../../src/event-store/sql-executor';

/**
 * Every index of `table`, every constraint on it and its NOT NULL columns, as PostgreSQL itself
 * defines them: what a rebuild that drops and makes them again must give back unchanged.
 */
export async function tableShapeOf(sql: SqlExecutor, table: string): Promise<string[]> {
  const rows = (await sql.query(
    `SELECT 'index ' || pg_get_indexdef(indexrelid) AS line
       FROM pg_index WHERE indrelid = $1::regclass
     UNION ALL
     SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE conrelid = $1::regclass
     UNION ALL
     SELECT 'not null ' || attname FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND attnotnull
     ORDER BY 1`,
    [table],
  )) as { line: string }[];
  return rows.map((row) => row.line);
}
