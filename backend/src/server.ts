import type { Server } from 'node:http';
import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { LiveTour } from './tour/live-tour';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { Metrics } from './metrics/metrics';
import { requestIdMiddleware } from './common/request-id';
import { createValidationPipe } from './common/validation';
import { NAMED_PARAMETERS } from './request-parameters';
import type { AppConfig } from './config/config';
import { createDataSource, runMigrations } from './database/data-source';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './database/embedded-database';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { readTour } from './tour/projections/tour-read-model-fold';
import { importTourOnce } from './tour/tour-store';
import { serveSite } from './site/serve-site';
import { drainHttpServer, InFlightRequests } from './health/graceful-shutdown';
import { ServerLifecycle } from './common/server-lifecycle';
import { appLogging } from './logging/app-logging';
import { requestContextMiddleware } from './logging/request-context';
import { bodyLimitMiddleware, bodyReadingMiddleware } from './security/body-limits';
import { RegistrationRateLimit } from './security/registration-rate-limit';
import { IdempotentAnswers } from './common/idempotent-answers';
import { CREATE_REGISTRATION_PATH } from './checkout/commands/create-registration/create-registration.http.controller';
import { answerClientError } from './security/api-error-response';
import { securityHeadersMiddleware } from './security/security-headers';
import { compressAnswers } from './common/compress-answers';
import { ExpressAppAdapter } from './common/express-app-adapter';

export { BODY_LIMIT } from './security/body-limits';

export interface AppOptions {
  logger?: false | ('log' | 'error' | 'warn')[];
}

/** The Nest application with everything but the database connection and the port. */
export async function createApp(
  config: AppConfig,
  dataSource: DataSource,
  catalogue: LiveTour,
  options: AppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, dataSource, catalogue }),
    new ExpressAppAdapter(),
    {
      // The body is read by the app's own step (bodyReadingMiddleware), which keeps the raw
      // bytes (request.rawBody) the webhook checks the provider's signature on.
      bodyParser: false,
      // Structured JSON lines (readable ones in development) with the request id on each.
      logger: options.logger === false ? false : appLogging(config).nestLogger,
      abortOnError: false,
    },
  );
  app.disable('x-powered-by');
  // Behind the reverse proxy, request.ip is the client's address only for trusted hops.
  app.set('trust proxy', config.trustProxy);
  const logging = appLogging(config);
  const registrationRateLimit = new RegistrationRateLimit(
    dataSource,
    {
      limit: config.registrationRateLimit,
      windowSeconds: config.registrationRateWindowSeconds,
    },
    config.clientIpv6PrefixLength,
  );
  // Order matters: every answer, even a 413 or a 429, carries the request id, the
  // security headers and its log line.
  app.use(requestIdMiddleware);
  app.use(requestContextMiddleware);
  app.use(app.get(Metrics).httpMiddleware);
  app.use(app.get(InFlightRequests).middleware);
  if (options.logger !== false) app.use(logging.httpMiddleware);
  app.use(securityHeadersMiddleware(config));
  // Answers are compressed when the client accepts it (an event stream, marked no-transform,
  // and the site's precompressed files, which carry their Content-Encoding, are left as they
  // are), by the app's response itself rather than a middleware in this chain.
  compressAnswers(app.getHttpAdapter().getInstance() as Express);
  app.use(bodyLimitMiddleware);
  app.use(CREATE_REGISTRATION_PATH, registrationRateLimit.middleware);
  app.use(bodyReadingMiddleware());
  // After the body is read (its fingerprint) and the rate limit (a 429 is not kept).
  app.use(
    CREATE_REGISTRATION_PATH,
    new IdempotentAnswers(dataSource, `POST ${CREATE_REGISTRATION_PATH}`).middleware,
  );
  app.useGlobalPipes(createValidationPipe(NAMED_PARAMETERS));
  app.useGlobalFilters(new ApiExceptionFilter(app.get(Metrics)));
  // No enableShutdownHooks(): main.ts owns SIGTERM/SIGINT and closes the app itself (which runs
  // every shutdown hook), so Nest does not race it to process.kill().
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  serveSite(
    app.getHttpAdapter().getInstance(),
    config.frontendDist,
    catalogue,
    config.registrationClosesMinutesBefore,
  );
  (app.getHttpServer() as Server).on('clientError', answerClientError);
  return app;
}

/**
 * The log is the tour. Into a log without one, the tour given (TOUR_FILE, the record, or the
 * demo tour) is imported once as its first facts; after that the file is not read again, and
 * the catalogue serves what the log holds.
 */
async function serveTourOfLog(
  dataSource: DataSource,
  catalogue: LiveTour,
  config: AppConfig,
  logger: Logger | undefined,
): Promise<void> {
  const source = LiveTour.sourceFor(config);
  if (await importTourOnce(dataSource, catalogue.tour, source)) {
    logger?.log(
      `The tour (${source}) was imported into the log; change it from the Command Center`,
    );
  } else if (config.tourFile) {
    logger?.log(
      'The tour is in the log already: TOUR_FILE is not read (change the tour from the Command Center)',
    );
  }
  const read = await readTour(dataSource);
  if (!read) throw new Error('The tour read model is empty after its import');
  catalogue.replace(read.tour, read.version);
}

async function migrate(databaseUrl: string): Promise<string[]> {
  const migrator = createDataSource(databaseUrl, { poolSize: 2 });
  await migrator.initialize();
  try {
    return await runMigrations(migrator);
  } finally {
    await migrator.destroy();
  }
}

export interface RunningServer {
  app: INestApplication;
  url: string;
  port: number;
  dataSource: DataSource;
  /**
   * Stops: not ready at once; with `acceptForMs`, keeps accepting and serving that long (every
   * answer with Connection: close) so that a proxy stops sending first; then stops accepting,
   * finishes what is in flight, and closes the rest.
   */
  close(options?: { acceptForMs?: number }): Promise<void>;
}

/**
 * Boots the whole site: the database (embedded unless DATABASE_URL names one), the
 * migrations, the application, the port. `close` undoes it in reverse order.
 */
export async function startServer(
  config: AppConfig,
  catalogue = LiveTour.forEnvironment(config),
  options: AppOptions = {},
): Promise<RunningServer> {
  const logger = new Logger('Server');
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir, {
      log: (line) => {
        if (/\b(ERROR|FATAL|PANIC)\b/.test(line)) logger.warn(`PostgreSQL: ${line}`);
      },
    });
    databaseUrl = embedded.url;
    logger.log(`Embedded PostgreSQL started with its files in ${config.dataDir}`);
  }
  const dataSource = createDataSource(databaseUrl, {
    poolSize: config.databasePoolSize,
    ...config.databaseDeadlines,
  });
  try {
    // Migrations (and the wait for another process's) may outlast a request's deadline.
    const applied = await migrate(databaseUrl);
    if (applied.length > 0) logger.log(`Migrations applied: ${applied.join(', ')}`);
    await dataSource.initialize();
    await serveTourOfLog(
      dataSource,
      catalogue,
      config,
      options.logger === false ? undefined : logger,
    );
    const app = await createApp(config, dataSource, catalogue, options);
    await app.listen(config.port, '0.0.0.0');
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    if (config.publicUrlFromPort && config.port === 0) {
      // PORT=0 asks for any free port; links in answers and emails follow the one bound.
      config.publicUrl = `http://localhost:${port}`;
    }
    let closing: Promise<void> | undefined;
    return {
      app,
      port,
      url: `http://127.0.0.1:${port}`,
      dataSource,
      close({ acceptForMs = 0 } = {}) {
        closing ??= (async () => {
          // Stop taking work, finish what is in flight, then the workers (Nest's shutdown
          // hooks), then the pool, then the embedded database.
          app.get(ServerLifecycle).startDraining();
          if (acceptForMs > 0) {
            // Closing the listening socket now would reset the connections the kernel has
            // accepted and Node not yet: serve them, and whatever comes until the proxy knows.
            app.get(InFlightRequests).closeConnectionsAfterAnswers();
            await new Promise((resolve) => setTimeout(resolve, acceptForMs));
          }
          const { forced } = await drainHttpServer(
            app.getHttpServer(),
            app.get(InFlightRequests),
            config.shutdownTimeoutMs,
          );
          if (forced) logger.warn('Requests still open after SHUTDOWN_TIMEOUT_SECONDS were cut');
          await app.close();
          if (dataSource.isInitialized) await dataSource.destroy();
          await embedded?.stop();
        })();
        return closing;
      },
    };
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
}
