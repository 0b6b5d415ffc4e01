import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * Runs a bulk write into `table` with its secondary indexes (those that guard nothing: neither
 * unique nor behind a constraint) dropped, and creates them again afterwards from their own
 * definitions (pg_get_indexdef), in the caller's transaction: building an index once over the
 * written rows costs a fraction of keeping it up to date row by row. Call it with the table
 * locked (ACCESS EXCLUSIVE): nobody sees it without its indexes. If `work` fails, the
 * transaction's rollback brings them back.
 */
export async function withoutSecondaryIndexes<T>(
  sql: SqlExecutor,
  table: string,
  work: () => Promise<T>,
): Promise<T> {
  const indexes = (await sql.query(
    `SELECT quote_ident(index_class.relname) AS name, pg_get_indexdef(index.indexrelid) AS definition
       FROM pg_index AS index
       JOIN pg_class AS index_class ON index_class.oid = index.indexrelid
      WHERE index.indrelid = $1::regclass
        AND NOT index.indisunique
        AND NOT index.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = index.indexrelid)`,
    [table],
  )) as { name: string; definition: string }[];
  for (const index of indexes) await sql.query(`DROP INDEX ${index.name}`);
  const result = await work();
  for (const index of indexes) await sql.query(index.definition);
  return result;
}
