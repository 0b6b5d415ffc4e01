import type { Client } from 'pg';

export interface TableInfo {
  name: string;
  /** Columns a restore writes: all but generated ones, in the table's order. */
  columns: string[];
  /** Columns filled from an identity (GENERATED ... AS IDENTITY) sequence. */
  identityColumns: string[];
  primaryKey: string[];
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The application's tables in the public schema, parents before the tables that reference
 * them, so rows can be inserted in this order with every foreign key checked.
 */
export async function listTables(client: Client): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname::text AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  const { rows: columns } = await client.query<{
    table: string;
    name: string;
    identity: boolean;
    generated: boolean;
  }>(
    `SELECT c.relname::text AS table, a.attname::text AS name, a.attidentity <> '' AS identity,
            a.attgenerated <> '' AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: keys } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname::text AS table,
            array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum)) AS columns
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
      WHERE n.nspname = 'public' AND i.indisprimary
      GROUP BY c.relname`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT child.relname::text AS child, parent.relname::text AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );

  const info = new Map<string, TableInfo>(
    tables.map(({ name }) => [name, { name, columns: [], identityColumns: [], primaryKey: [] }]),
  );
  for (const column of columns) {
    const table = info.get(column.table);
    if (!table) continue;
    if (!column.generated) table.columns.push(column.name);
    if (column.identity) table.identityColumns.push(column.name);
  }
  for (const key of keys) {
    const table = info.get(key.table);
    if (table) table.primaryKey = key.columns;
  }

  // Depth-first: a table comes after every table it references.
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references) {
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  }
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    done.add(name);
    const table = info.get(name);
    if (table) ordered.push(table);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}
