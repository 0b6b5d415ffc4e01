import 'reflect-metadata';
import { Catalogue } from '../src/catalogue/catalogue';
import { loadConfig, type AppConfig } from '../src/config/config';
import { startServer, type RunningServer } from '../src/server';

export type TestApp = RunningServer & { config: AppConfig };

/**
 * A real instance of the server on a free port against the given database. Several instances
 * on one database behave as several app processes would.
 */
export async function startTestApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  catalogue?: Catalogue,
  options: { fastPaths?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    ADMIN_PASSWORD: 'test-admin-password',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const server = await startServer(config, catalogue, { logger: false, ...options });
  return Object.assign(server, { config });
}
