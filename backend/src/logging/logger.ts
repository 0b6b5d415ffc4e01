import pino, { type DestinationStream, type Logger } from 'pino';
import { scrubText, scrubValue } from './personal-data-redaction';
import { currentRequestId } from './request-context';

export type LogFormat = 'json' | 'pretty';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerSettings {
  level: LogLevel;
  format: LogFormat;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One readable line per entry for a developer's terminal: time, level, context, message. */
export function formatPrettyLine(entry: Record<string, unknown>): string {
  const { time, level, msg, context, requestId, pid, hostname, ...rest } = entry;
  void pid;
  void hostname;
  const clock = new Date(typeof time === 'number' || typeof time === 'string' ? time : Date.now())
    .toISOString()
    .slice(11, 23);
  const levelName = (LEVEL_NAMES[Number(level)] ?? String(level)).padEnd(5);
  const parts = [clock, levelName];
  if (context) parts.push(`[${String(context)}]`);
  if (msg !== undefined) parts.push(String(msg));
  if (requestId) parts.push(`(request ${String(requestId)})`);
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${parts.join(' ')}${extra}\n`;
}

function prettyStream(output: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      try {
        output.write(formatPrettyLine(JSON.parse(line) as Record<string, unknown>));
      } catch {
        output.write(line);
      }
    },
  };
}

/**
 * The process's logger: JSON lines on stdout (one object per line, what a log shipper wants),
 * or readable lines in development. Every line written while a request is served carries its
 * request id; personal data is redacted before anything is written.
 */
export function createLogger(
  settings: LoggerSettings,
  options: { output?: NodeJS.WritableStream; requestContext?: boolean } = {},
): Logger {
  const output = options.output ?? process.stdout;
  const destination: DestinationStream =
    settings.format === 'pretty'
      ? prettyStream(output)
      : options.output
        ? { write: (line: string) => void output.write(line) }
        : pino.destination({ fd: 1, sync: true });
  return pino(
    {
      level: settings.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      mixin:
        options.requestContext === false
          ? undefined
          : () => {
              const requestId = currentRequestId();
              return requestId ? { requestId } : {};
            },
      formatters: {
        level: (_label, number) => ({ level: number }),
        log: (object) => scrubValue(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) =>
            typeof arg === 'string' ? scrubText(arg) : arg,
          ) as Parameters<typeof method>;
          return method.apply(this, scrubbed);
        },
      },
    },
    destination,
  );
}
