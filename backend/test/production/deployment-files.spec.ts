import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { KEEP_ALIVE_MS } from '../../src/registrations/queries/event-feed/event-feed-live.http.controller';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  healthcheck?: { test: string | string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  command?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

/** Names whose values are secrets: they must come from the environment, never the file. */
const SECRET = /PASSWORD|SECRET|KEY|SMTP_URL|DATABASE_URL|TOKEN/;

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as ComposeFile;
  const { postgres, app, proxy } = compose.services;

  it('has PostgreSQL, the app and a reverse proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'proxy']);
  });

  it('keeps PostgreSQL on a named volume', () => {
    const [volume] = postgres.volumes ?? [];
    const [name, target] = volume.split(':');
    expect(compose.volumes).toHaveProperty(name);
    expect(target).toMatch(/^\/var\/lib\/postgresql/);
    expect(postgres.image).toMatch(/^postgres:18/);
  });

  it('runs two replicas of the app built from the Dockerfile, reachable only through the proxy', () => {
    expect(app.build).toBe('.');
    expect(app.deploy?.replicas).toBe(2);
    expect(app.ports).toBeUndefined();
    expect(app.expose).toEqual(['3000']);
    expect(app.depends_on?.postgres.condition).toBe('service_healthy');
    expect(proxy.depends_on?.app.condition).toBe('service_healthy');
  });

  it('keeps the connection budget: the replicas docs/production.md suggests fit max_connections', () => {
    const command = postgres.command ?? [];
    const setting = command[command.indexOf('-c') + 1] ?? '';
    const maxConnections = Number(/^max_connections=(\d+)$/.exec(setting)?.[1]);
    const poolSize = Number(/:-(\d+)\}$/.exec(app.environment?.DATABASE_POOL_SIZE ?? '')?.[1]);
    const production = read('docs/production.md');
    const scale = Number(/--scale app=(\d+)/.exec(production)?.[1]);
    expect(scale).toBeGreaterThanOrEqual(app.deploy?.replicas ?? 1);
    // Each process: its pool and its one LISTEN connection; headroom for backups and psql.
    const budget = scale * (poolSize + 1);
    expect(budget).toBeGreaterThan(0);
    expect(budget + 10).toBeLessThanOrEqual(maxConnections);
  });

  it('publishes one port, the proxy, with its config file from the repository', () => {
    const published = Object.values(compose.services).flatMap((service) => service.ports ?? []);
    expect(published).toEqual(['${HTTP_PORT:-8080}:8080']);
    const mount = (proxy.volumes ?? []).find((volume) => volume.includes('nginx.conf'));
    expect(mount).toBeDefined();
    const [source] = mount!.split(':');
    expect(existsSync(path.join(ROOT, source))).toBe(true);
  });

  it('checks the health of every service; the app by its readiness endpoint', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, healthcheck: Boolean(service.healthcheck) }).toEqual({
        name,
        healthcheck: true,
      });
    }
    expect(JSON.stringify(app.healthcheck?.test)).toContain('/api/health/ready');
    expect(JSON.stringify(proxy.healthcheck?.test)).toContain('/api/health');
  });

  it('bakes in no secret: every secret is interpolated from the environment', () => {
    for (const service of Object.values(compose.services)) {
      for (const [name, value] of Object.entries(service.environment ?? {})) {
        if (!SECRET.test(name)) continue;
        // Either the variable itself, or a URL built around it (DATABASE_URL).
        expect({ name, value }).toEqual({ name, value: expect.stringMatching(/\$\{[A-Z_]+/) });
        const literal = String(value).replace(/\$\{[^}]*\}/g, '');
        expect({ name, literal }).not.toEqual({ name, literal: expect.stringMatching(/:[^/@]+@/) });
      }
    }
    expect(postgres.environment?.POSTGRES_PASSWORD).toBe(
      '${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}',
    );
  });

  it('gives the app what production requires, with the required ones enforced', () => {
    const environment = app.environment ?? {};
    for (const name of [
      'NODE_ENV',
      'DATABASE_URL',
      'PUBLIC_URL',
      'ADMIN_PASSWORD',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'TRUST_PROXY',
      'REGISTRATION_RATE_LIMIT',
    ]) {
      expect(environment).toHaveProperty(name);
    }
    expect(environment.NODE_ENV).toBe('production');
    expect(environment.PUBLIC_URL).toMatch(/:\?/);
    expect(environment.ADMIN_PASSWORD).toMatch(/:\?/);
    // Only the proxy reaches a replica, so exactly one hop may name the client.
    expect(environment.TRUST_PROXY).toBe('1');
  });

  it('gives a stopping replica time to finish its requests', () => {
    const grace = Number(/^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1]);
    const delay = Number(app.environment?.SHUTDOWN_DELAY_SECONDS);
    expect(delay).toBeGreaterThan(0);
    expect(grace).toBeGreaterThan(Number(app.environment?.SHUTDOWN_TIMEOUT_SECONDS) + delay);
  });
});

describe('deploy/nginx.conf', () => {
  const config = read('deploy/nginx.conf');

  it('spreads requests over every replica of app and names the client to it', () => {
    expect(config).toMatch(/upstream app \{[^}]*server app:3000 resolve/);
    expect(config).toMatch(/proxy_pass http:\/\/app;/);
    expect(config).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(config).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    expect(config).toMatch(/proxy_next_upstream error timeout;/);
    expect(config).toMatch(/listen 8080;/);
  });

  it('lets the console’s event stream stay open: its keep-alive comment comes well within the read timeout', () => {
    const timeout = /proxy_read_timeout (\d+)s;/.exec(config)?.[1];
    expect(timeout).toBeDefined();
    // Twice within the timeout: a comment late by a timer's jitter does not cut the stream.
    expect(KEEP_ALIVE_MS * 2).toBeLessThanOrEqual(Number(timeout) * 1000);
  });

  it('replays a POST on the next replica only where a retry is answered once', () => {
    const locations = [...config.matchAll(/location ([^{]+)\{([^}]*)\}/g)].map(
      ([, name, body]) => ({ name: name.trim(), body }),
    );
    const replaying = locations
      .filter((location) => /non_idempotent/.test(location.body))
      .map((location) => location.name);
    expect(replaying.sort()).toEqual(['= /api/create-checkout-session', '= /api/payments/webhook']);
    const registration = locations.find(
      (location) => location.name === '= /api/create-checkout-session',
    );
    expect(registration?.body).toMatch(/proxy_set_header Idempotency-Key \$idempotency_key;/);
    // nginx inherits no proxy_set_header into a block that sets one: each must be there again.
    const inherited = [...config.matchAll(/^ {2}proxy_set_header (\S+) /gm)].map(
      ([, name]) => name,
    );
    expect(inherited.length).toBeGreaterThan(3);
    for (const name of inherited) {
      expect(registration?.body).toContain(`proxy_set_header ${name} `);
    }
    expect(config).toMatch(/map \$http_idempotency_key \$idempotency_key \{\s*'' \$request_id;/);
  });

  it('logs paths without registration ids or checkout sessions', () => {
    const format = /log_format json[^;]*;/.exec(config)?.[0] ?? '';
    expect(format).toContain('"uri":"$log_uri"');
    expect(format).not.toMatch(/\$(uri|request_uri|request)\b/);
    // The map's patterns, tried as nginx would (PCRE and JavaScript agree on these).
    const map = /map \$uri \$log_uri \{([\s\S]*?)default \$uri;/.exec(config)?.[1] ?? '';
    const rules = [...map.matchAll(/"~([^"]+)" (\S+);/g)].map(([, pattern, value]) => ({
      pattern: new RegExp(pattern),
      value,
    }));
    const logged = (uri: string) => {
      for (const rule of rules) {
        const match = rule.pattern.exec(uri);
        if (match) {
          return rule.value.replace(/\$(\w+)/g, (_, name: string) => match.groups?.[name] ?? '');
        }
      }
      return uri;
    };
    const id = '3f2b6c1e-8a4d-4e7f-9b0c-1d2e3f4a5b6c';
    expect(logged(`/api/registrations/${id}`)).toBe('/api/registrations/:id');
    expect(logged(`/api/admin/registrations/${id}/history`)).toBe(
      '/api/admin/registrations/:id/history',
    );
    expect(logged(`/confirmation/${id}`)).toBe('/confirmation/:id');
    expect(logged('/sandbox/checkout/cs_sandbox_abcdefghijklmnopqrstuvwx')).toBe(
      '/sandbox/checkout/:token',
    );
    expect(logged('/api/capacity')).toBe('/api/capacity');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.reduce<string[][]>((all, line) => {
    if (/^FROM /i.test(line)) all.push([]);
    all[all.length - 1]?.push(line);
    return all;
  }, []);
  const final = stages[stages.length - 1];

  it('builds in stages and ships a runtime stage without the build tools', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(final.join('\n')).not.toMatch(/npm (ci|install|run build)/);
    expect(final.join('\n')).toMatch(/COPY --from=\S+ \/app\/backend\/dist backend\/dist/);
    expect(final.join('\n')).toMatch(/COPY --from=\S+ \/app\/frontend\/dist frontend\/dist/);
    expect(dockerfile).toMatch(/--omit=dev/);
  });

  it('runs node backend/dist/main.js as a user that is not root', () => {
    const user = final.filter((line) => /^USER /i.test(line)).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/i);
    expect(final[final.length - 1]).toBe('CMD ["node", "backend/dist/main.js"]');
    expect(final.join('\n')).toMatch(/HEALTHCHECK .*\/api\/health/);
  });

  it('bakes in no secret', () => {
    const settings = instructions.filter((line) => /^(ENV|ARG) /i.test(line)).join(' ');
    expect(settings).not.toMatch(SECRET);
  });

  it('leaves local files and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining(['.git', '.env', '**/node_modules', '**/dist', '.data']),
    );
  });
});
