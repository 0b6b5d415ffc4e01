import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { ConfigError, loadConfig } from '../../src/config/config';
import { Environment } from '../../src/config/environment';

const schemaVariables = Object.keys(
  plainToInstance(Environment, {}, { excludeExtraneousValues: true }),
);

/** The variables named in the first column of a page's configuration table(s). */
function tableVariables(page: string): string[] {
  const text = readFileSync(path.join(__dirname, '..', '..', '..', page), 'utf8');
  const section = text.split(/^#+ /m).find((part) => part.startsWith('Configuration\n'));
  if (!section) throw new Error(`${page} has no "Configuration" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe('configuration', () => {
  it('documents in docs/configuration.md exactly the variables of the schema', () => {
    expect(schemaVariables).toContain('PORT');
    expect(schemaVariables).toContain('DATABASE_POOL_SIZE');
    const documented = tableVariables('docs/configuration.md');
    expect({
      missingFromTheDocs: schemaVariables.filter((name) => !documented.includes(name)),
      missingFromTheSchema: documented.filter((name) => !schemaVariables.includes(name)),
    }).toEqual({ missingFromTheDocs: [], missingFromTheSchema: [] });
  });

  it("names in the README's short table only variables of the schema", () => {
    const inTheReadme = tableVariables('README.md');
    expect(inTheReadme).toContain('DATABASE_URL');
    expect(inTheReadme.filter((name) => !schemaVariables.includes(name))).toEqual([]);
  });

  it('sizes the pool from DATABASE_POOL_SIZE, 10 unless set, within 1 to 100', () => {
    const test = { NODE_ENV: 'test' };
    expect(loadConfig(test).databasePoolSize).toBe(10);
    expect(loadConfig({ ...test, DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ ...test, DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(1);
    expect(loadConfig({ ...test, DATABASE_POOL_SIZE: '100' }).databasePoolSize).toBe(100);
    for (const bad of ['0', '101', '2.5', '-3', 'ten', ' 5']) {
      expect(() => loadConfig({ ...test, DATABASE_POOL_SIZE: bad })).toThrow(
        new ConfigError(
          `Invalid configuration: DATABASE_POOL_SIZE must be a whole number from 1 to 100 (got "${bad}")`,
        ),
      );
    }
  });

  it('leases queued work for WORK_LEASE_SECONDS, 30 unless set, within 3 to 3600', () => {
    const test = { NODE_ENV: 'test' };
    expect(loadConfig(test).workLeaseMs).toBe(30_000);
    expect(loadConfig({ ...test, WORK_LEASE_SECONDS: '3' }).workLeaseMs).toBe(3_000);
    expect(loadConfig({ ...test, WORK_LEASE_SECONDS: '3600' }).workLeaseMs).toBe(3_600_000);
    for (const bad of ['2', '3601', '0', '4.5', 'soon']) {
      expect(() => loadConfig({ ...test, WORK_LEASE_SECONDS: bad })).toThrow(
        new ConfigError(
          `Invalid configuration: WORK_LEASE_SECONDS must be a whole number of seconds from 3 to 3600 (got "${bad}")`,
        ),
      );
    }
  });

  it('reads every kind of variable, an empty value counting as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATABASE_URL: 'postgresql://app:secret@db:5432/app',
      SMTP_URL: '',
      MAIL_FROM: 'Teatrul Visător <bilete@example.ro>',
      WORKERS: '1',
      SANDBOX_PAYMENTS: 'false',
      TRUST_PROXY: '2',
      DATA_DIR: 'some/where',
      BACKUP_TOOL: 'logical',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      publicUrlFromPort: true,
      databaseUrl: 'postgresql://app:secret@db:5432/app',
      smtpUrl: undefined,
      mailFrom: 'Teatrul Visător <bilete@example.ro>',
      contactEmail: 'hello@localhost',
      workers: true,
      sandboxPayments: true,
      trustProxy: 2,
      dataDir: path.resolve('some/where'),
      registrationRateLimit: 0,
      backupTool: 'logical',
      backupFile: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).workers).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'x'.repeat(12), SANDBOX_PAYMENTS: '1' }),
    ).toMatchObject({
      workers: true,
      registrationRateLimit: 20,
      logFormat: 'json',
    });
  });

  it.each([
    ['NODE_ENV', 'staging', 'must be one of development, production, test (got "staging")'],
    [
      'DATABASE_URL',
      'mysql://db/app',
      'must be a URL (postgres:, postgresql:) (got "mysql://db/app")',
    ],
    ['PUBLIC_URL', 'not a url', 'must be a URL (http:, https:) (got "not a url")'],
    ['MAIL_FROM', 'tickets', 'must be an email address (got "tickets")'],
    ['WORKERS', 'yes', 'must be true or false (got "yes")'],
    ['CHECKOUT_HOLD_MINUTES', '29', 'must be a whole number of minutes from 30 to 1440 (got "29")'],
    ['BACKUP_TOOL', 'tar', 'must be one of auto, pg_dump, logical (got "tar")'],
    [
      'STRIPE_SECRET_KEY',
      'pk_test_1',
      'must be a Stripe secret key (sk_test_..., sk_live_...) (got "<hidden>")',
    ],
  ])('stops at a bad %s with one line naming it', (name, value, expectation) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(
      new ConfigError(`Invalid configuration: ${name} ${expectation}`),
    );
  });

  it('holds the Stripe keys as a pair', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (got "")',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set (got "")',
    );
  });
});
