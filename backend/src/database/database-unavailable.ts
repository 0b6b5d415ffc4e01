/**
 * The one list of what makes the database "not there right now": every such failure answers
 * 503 with Retry-After on every route (ApiExceptionFilter), counts in the metrics, and is what
 * readiness reports. A failure is `deadline` when the app's own deadline (the pool's connect
 * timeout, the query timeout, the server's statement_timeout) cut the wait, `connection`
 * otherwise.
 */
export type DatabaseUnavailability = 'deadline' | 'connection';

/** Seconds a client is asked to wait before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '57P04', // database_dropped
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '3D000', // invalid_catalog_name: the database does not exist
  '28000', // invalid_authorization_specification (pg_hba refuses)
  '28P01', // invalid_password
]);

const DEADLINE_CODES = new Set([
  'ETIMEDOUT',
  '57014', // query_canceled: statement_timeout fired on the server
  '25P03', // idle_in_transaction_session_timeout
]);

/**
 * TypeORM releases a query runner whose connection died; the transaction's next statement (or
 * its ROLLBACK) then throws one of these instead of the connection error itself.
 */
const CONNECTION_LOST = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

const DEADLINE_MESSAGES =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout|did not answer within/i;
const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** Whether `error` (or the driver error inside it) says the database is away, and how. */
export function databaseUnavailability(error: unknown): DatabaseUnavailability | undefined {
  const candidate = error as
    | { code?: unknown; message?: unknown; name?: unknown; driverError?: unknown; cause?: unknown }
    | undefined;
  if (!candidate || typeof candidate !== 'object') return undefined;
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && DEADLINE_CODES.has(code)) return 'deadline';
  // 55000 is wider than connections; with ALLOW_CONNECTIONS false it says "is not currently
  // accepting connections".
  if (code === '55000' && /accepting connections/i.test(String(candidate.message))) {
    return 'connection';
  }
  // SQLSTATE class 08: connection exceptions, whatever their subclass.
  if (code && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return 'connection';
  if (typeof candidate.name === 'string' && CONNECTION_LOST.has(candidate.name)) {
    return 'connection';
  }
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (DEADLINE_MESSAGES.test(message)) return 'deadline';
  if (CONNECTION_MESSAGES.test(message)) return 'connection';
  if (candidate.driverError) return databaseUnavailability(candidate.driverError);
  if (candidate.cause && candidate.cause !== error) return databaseUnavailability(candidate.cause);
  return undefined;
}
