import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * Runs a bulk write into `table` with its indexes dropped, the primary key and the unique
 * constraints among them, and makes them again afterwards from their own definitions
 * (pg_get_constraintdef, pg_get_indexdef) in the caller's transaction, as pg_restore loads a
 * table's rows before its indexes and constraints: building an index once over the written rows
 * costs a fraction of keeping it up to date row by row, and a unique index checks every row as
 * it is built, so a duplicate the write brought in fails the transaction as it would have failed
 * the write. Call it with the table locked (ACCESS EXCLUSIVE): nobody sees it without its
 * indexes. If `work` or a rebuilt constraint fails, the transaction's rollback brings them back.
 *
 * Left in place: an index a foreign key of another table leans on (dropping it would drop the
 * foreign key), the replica identity's and the one the table is clustered on (their marks are
 * not in the index's definition).
 */
export async function withIndexesBuiltAfter<T>(
  sql: SqlExecutor,
  table: string,
  work: () => Promise<T>,
): Promise<T> {
  // Each index's statements, an index behind a constraint dropped and made as that constraint.
  const indexes = (await sql.query(
    `SELECT CASE WHEN constraint_.oid IS NULL
                 THEN format('DROP INDEX %s', index.indexrelid::regclass)
                 ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', index.indrelid::regclass,
                             constraint_.conname) END AS drop,
            CASE WHEN constraint_.oid IS NULL THEN pg_get_indexdef(index.indexrelid)
                 ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', index.indrelid::regclass,
                             constraint_.conname, pg_get_constraintdef(constraint_.oid)) END
              AS create
       FROM pg_index AS index
       LEFT JOIN pg_constraint AS constraint_
         ON constraint_.conindid = index.indexrelid AND constraint_.conrelid = index.indrelid
        AND constraint_.contype IN ('p', 'u', 'x')
      WHERE index.indrelid = $1::regclass
        AND NOT index.indisreplident
        AND NOT index.indisclustered
        AND NOT EXISTS (
              SELECT 1 FROM pg_constraint AS foreign_key
               WHERE foreign_key.contype = 'f' AND foreign_key.conindid = index.indexrelid)
      ORDER BY constraint_.contype = 'p' DESC NULLS LAST, index.indexrelid::regclass::text`,
    [table],
  )) as { drop: string; create: string }[];
  for (const index of indexes) await sql.query(index.drop);
  const result = await work();
  for (const index of indexes) await sql.query(index.create);
  return result;
}
