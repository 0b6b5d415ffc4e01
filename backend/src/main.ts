import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/config';
import { releaseEmbeddedPostgresSignalHooks } from './database/embedded-database';
import { appLogging } from './logging/app-logging';
import { startServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  Logger.overrideLogger(appLogging(config).nestLogger);
  const logger = new Logger('Main');
  const server = await startServer(config);
  // From here on this file alone decides how the process stops (see stop below).
  releaseEmbeddedPostgresSignalHooks();
  logger.log(`Site on ${config.publicUrl} (API under /api, Swagger UI under /api/docs)`);
  if (config.adminPasswordGenerated) {
    logger.warn(
      `No ADMIN_PASSWORD set: this run's Command Center password is ${config.adminPassword}`,
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} received again: still finishing the requests in flight`);
      return;
    }
    stopping = true;
    // SIGTERM comes from an orchestrator with a proxy in front: keep serving while it notices.
    // Ctrl-C (SIGINT) is a person at a terminal: stop now.
    const acceptForMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    logger.log(
      acceptForMs > 0
        ? `${signal} received: not ready, still serving for ${acceptForMs / 1000} s, then finishing the requests in flight and stopping`
        : `${signal} received: finishing the requests in flight, then stopping`,
    );
    try {
      await server.close({ acceptForMs });
      logger.log('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
