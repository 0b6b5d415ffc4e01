import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { httpLoggingMiddleware } from './http-logging';
import { createLogger, type LoggerSettings } from './logger';
import { PinoLoggerService } from './pino-logger.service';

export interface AppLogging {
  logger: Logger;
  nestLogger: PinoLoggerService;
  httpMiddleware: RequestHandler;
  /** The logger of the per-request lines, for routes answered before the middleware. */
  accessLogger: Logger;
}

/**
 * The process's loggers, built once: what Nest and our code log, and one line per request.
 * The request line carries the request id itself; every other line takes it from the context.
 */
let shared: { key: string; logging: AppLogging } | undefined;

export function appLogging(config: {
  logLevel: LoggerSettings['level'];
  logFormat: LoggerSettings['format'];
}): AppLogging {
  const settings: LoggerSettings = { level: config.logLevel, format: config.logFormat };
  const key = `${settings.level}/${settings.format}`;
  if (shared?.key === key) return shared.logging;
  const logger = createLogger(settings);
  const accessLogger = createLogger(settings, { requestContext: false });
  const logging: AppLogging = {
    logger,
    nestLogger: new PinoLoggerService(logger),
    httpMiddleware: httpLoggingMiddleware(accessLogger),
    accessLogger,
  };
  shared = { key, logging };
  return logging;
}
