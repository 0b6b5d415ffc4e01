import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailability } from '../../src/database/database-unavailable';
import { toApiError } from '../../src/common/api-exception.filter';
import { databaseUrl, testServerUrl } from '../database-server';

/** What node-postgres rejects with when PostgreSQL answers `code`. */
function postgresError(code: string, message = 'refused'): Error {
  return Object.assign(new Error(message), { code });
}

describe('which failures mean the database is unavailable', () => {
  it.each([
    ['a missing database (3D000)', postgresError('3D000', 'database "x" does not exist')],
    ['a refused login (28P01)', postgresError('28P01', 'password authentication failed')],
    ['pg_hba refusing (28000)', postgresError('28000', 'no pg_hba.conf entry')],
    ['too many connections (53300)', postgresError('53300', 'sorry, too many clients already')],
    ['an administrator shutdown (57P01)', postgresError('57P01')],
    ['a crash shutdown (57P02)', postgresError('57P02')],
    ['a server starting up (57P03)', postgresError('57P03', 'the database system is starting up')],
    ['any connection exception of class 08 (08P01)', postgresError('08P01')],
    [
      'ALLOW_CONNECTIONS false (55000)',
      postgresError('55000', 'database "x" is not currently accepting connections'),
    ],
    ['a refused connection', postgresError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')],
    ['a reset connection', postgresError('ECONNRESET', 'read ECONNRESET')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
  ])('%s: connection', (_, error) => {
    expect(databaseUnavailability(error)).toBe('connection');
    const wrapped = new QueryFailedError('SELECT 1', [], error);
    expect(databaseUnavailability(wrapped)).toBe('connection');
    expect(toApiError(wrapped).statusCode).toBe(503);
  });

  it.each([
    ['the client waiting past its query timeout', new Error('Query read timeout')],
    ['the pool with no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a new connection not ready in time',
      new Error('Connection terminated due to connection timeout'),
    ],
    ['statement_timeout on the server (57014)', postgresError('57014', 'canceling statement')],
  ])('%s: deadline', (_, error) => {
    expect(databaseUnavailability(error)).toBe('deadline');
    expect(toApiError(error).statusCode).toBe(503);
  });

  it.each([
    ['a unique violation', postgresError('23505', 'duplicate key value')],
    ['another 55000', postgresError('55000', 'cannot change a view')],
    ['a bug', new TypeError('undefined is not a function')],
  ])('%s: not unavailable, a 5xx of its own', (_, error) => {
    expect(databaseUnavailability(error)).toBeUndefined();
  });

  it('knows the error PostgreSQL really sends for a missing database', async () => {
    const client = new Client({
      connectionString: databaseUrl(testServerUrl(), 'test_no_such_database_here'),
    });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    await client.end().catch(() => undefined);
    expect((refused as { code?: string }).code).toBe('3D000');
    expect(databaseUnavailability(refused)).toBe('connection');
  });
});
