import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config';
import { withDatabase } from './with-database';

/** `make migrate`: apply the migrations that have not run yet, then stop. */
async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-this-command',
  });
  await withDatabase(config, async (_dataSource, applied) => {
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate');
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
