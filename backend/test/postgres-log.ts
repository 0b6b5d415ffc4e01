import { copyFileSync, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import * as path from 'node:path';

/** Where a failed run's PostgreSQL log is kept. */
export const KEPT_LOG_DIR = path.join(__dirname, '..', 'test-results');

/**
 * Ends the test server's log: kept under backend/test-results when the run failed (the path is
 * printed), thrown away otherwise. Answers the kept file.
 */
export async function settlePostgresLog(
  log: { file: string; stream: WriteStream },
  failed: boolean,
): Promise<string | undefined> {
  await new Promise<void>((resolve) => log.stream.end(resolve));
  let kept: string | undefined;
  if (failed) {
    mkdirSync(KEPT_LOG_DIR, { recursive: true });
    kept = path.join(
      KEPT_LOG_DIR,
      `postgres-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`,
    );
    copyFileSync(log.file, kept);
    console.log(`\nThe test PostgreSQL's log of this run: ${kept}`);
  }
  rmSync(path.dirname(log.file), { recursive: true, force: true });
  return kept;
}
