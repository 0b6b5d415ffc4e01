import 'reflect-metadata';
import { LiveTour } from '../tour/live-tour';
import { ConfigError, loadConfig } from '../config/config';
import { withDatabase } from './with-database';
import {
  rebuildPhases,
  rebuildProjections,
} from '../registrations/projections/rebuild-projections';

/** `make rebuild-projections`: truncate the read models and replay the event log into them. */
async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-this-command',
  });
  await withDatabase(config, async (dataSource) => {
    const started = Date.now();
    const result = await rebuildProjections(dataSource, LiveTour.forEnvironment(config));
    console.log(
      `Read models rebuilt from ${result.events} events in ${Date.now() - started} ms ` +
        `(${rebuildPhases(result)})`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
