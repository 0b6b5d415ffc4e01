import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server the tests run against; set by global-setup for every worker. */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_SERVER_URL;
  if (!url) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest');
  return url;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withServerClient<T>(
  serverUrl: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: serverUrl, application_name: 'test-harness' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
