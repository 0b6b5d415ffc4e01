import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/**
 * PostgreSQL's own load generator: PGBENCH when set, else the newest
 * /usr/lib/postgresql/<version>/bin/pgbench, else one on PATH; undefined when there is none.
 */
export function findPgbench(): string | undefined {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(root, version, 'bin', 'pgbench');
      if (existsSync(candidate)) return candidate;
    }
  }
  const which = spawnSync('which', ['pgbench'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

/**
 * pgbench's rate of single-row, autocommit INSERTs of `data`/`metadata` into `table` (a copy
 * of events), from `connections` clients on two threads for `seconds`, with prepared
 * statements (its fastest protocol). Answers transactions per second, initial connection time
 * excluded.
 */
export function pgbenchInsertRate(
  pgbench: string,
  databaseUrl: string,
  table: string,
  sample: { data: string; metadata: string },
  connections: number,
  seconds: number,
): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketing-pgbench-'));
  try {
    const script = path.join(dir, 'insert.sql');
    writeFileSync(
      script,
      `INSERT INTO ${table} (stream_id, stream_version, type, data, metadata) ` +
        `VALUES ('bench-' || gen_random_uuid(), 1, 'RegistrationCreated', :data::jsonb, :metadata::jsonb);\n`,
    );
    const result = spawnSync(
      pgbench,
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${connections}`,
        '--jobs=2',
        `--time=${seconds}`,
        `--file=${script}`,
        `--define=data=${sample.data}`,
        `--define=metadata=${sample.metadata}`,
        databaseUrl,
      ],
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout ?? '');
    if (result.status !== 0 || !tps) {
      throw new Error(`pgbench failed (${result.status}):\n${result.stdout}${result.stderr}`);
    }
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
