import { spawnSync } from 'node:child_process';
import { Client } from 'pg';

/**
 * The whole database as text: pg_dump when the installed one can dump this server, otherwise
 * every row of every table (every schema but the system's) rendered as text by PostgreSQL.
 */
export async function dumpDatabase(url: string): Promise<{ method: string; text: string }> {
  const dumped = spawnSync('pg_dump', ['--no-owner', '--dbname', url], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (!dumped.error && dumped.status === 0 && dumped.stdout.includes('PostgreSQL database dump')) {
    return { method: 'pg_dump', text: dumped.stdout };
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'm')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY 1, 2`,
    );
    const parts: string[] = [];
    for (const table of tables.rows) {
      const identifier = `"${table.schema.replace(/"/g, '""')}"."${table.name.replace(/"/g, '""')}"`;
      const rows = await client.query<{ row: string }>(
        `SELECT t::text AS row FROM ${identifier} t`,
      );
      parts.push(`-- ${identifier}`, ...rows.rows.map((row) => row.row));
    }
    return { method: `SELECT of ${tables.rows.length} tables`, text: parts.join('\n') };
  } finally {
    await client.end();
  }
}
