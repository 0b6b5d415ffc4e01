import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

const STACK = /\n\s+at\s/;

/** Nest's logger interface over pino: what Nest and our code log goes out as pino lines. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    params: unknown[],
  ): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    // Nest passes the context last (a string); errors may come with a stack before it.
    const last = rest[rest.length - 1];
    const context =
      typeof last === 'string' && !STACK.test(last) ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    for (const param of rest) {
      if (typeof param === 'string' && STACK.test(param)) fields.stack = param;
      else if (param instanceof Error) fields.err = param;
      else if (param !== undefined) fields.details = param;
    }
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
