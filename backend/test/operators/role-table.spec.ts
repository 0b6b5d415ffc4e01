import { randomUUID } from 'node:crypto';
import { ANY_OPERATOR_EXTENSION, PERMISSIONS_EXTENSION } from '../../src/auth/admin-only.decorator';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  roleAllows,
  type Permission,
  type Role,
} from '../../src/auth/permissions';
import { login } from '../admin/admin-client';
import { OPEN_SLOT, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { invite, join, readyOperator } from './operator-client';

interface Operation {
  method: string;
  path: string;
  security?: Record<string, string[]>[];
  [PERMISSIONS_EXTENSION]?: Permission[];
  [ANY_OPERATOR_EXTENSION]?: boolean;
  requestBody?: { content: Record<string, { example?: unknown }> };
}

/** Every operation of the live document that needs the operator's session. */
async function adminOperations(app: TestApp): Promise<Operation[]> {
  const document = (
    await request<{ paths: Record<string, Record<string, Operation>> }>(
      app.url,
      'GET',
      '/api/docs/openapi.json',
    )
  ).body;
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        ...operation,
        method: method.toUpperCase(),
        path,
      })),
    )
    .filter((operation) =>
      (operation.security ?? []).some((requirement) => 'admin-session' in requirement),
    );
}

/** Who a request is sent as. */
type Caller = Role | 'joining' | 'nobody';
const CALLERS: Caller[] = ['owner', 'box-office', 'door', 'joining', 'nobody'];

/**
 * Path parameters that name nothing: a refused request proves the guard, an admitted one ends
 * in a 404 or a 400 and changes nothing the table's sessions stand on.
 */
function concretePath(path: string): string {
  const values: Record<string, string> = {
    id: randomUUID(),
    registrationId: randomUUID(),
    operatorId: randomUUID(),
    sessionId: randomUUID(),
    slug: 'nowhere',
    time: OPEN_SLOT,
  };
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(values[name] ?? 'x'),
  );
}

/** The status of a request; a stream that stays open is read no further than its status. */
async function statusOf(
  app: TestApp,
  operation: Operation,
  cookie: string | undefined,
): Promise<{ status: number; message?: string }> {
  const example = operation.requestBody?.content['application/json']?.example;
  const body = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(operation.method)
    ? JSON.stringify(example ?? {})
    : undefined;
  const abort = new AbortController();
  const response = await fetch(`${app.url}${concretePath(operation.path)}`, {
    method: operation.method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
    signal: abort.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status };
  }
  const text = await response.text();
  let message: string | undefined;
  try {
    message = (JSON.parse(text) as { message?: string }).message;
  } catch {
    // a CSV or no body
  }
  return { status: response.status, message };
}

describe('every admin route admits exactly the roles its permission names (a table from the route list)', () => {
  let app: TestApp;
  const cookies: Partial<Record<Caller, string>> = {};
  let operations: Operation[];

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    cookies.owner = await login(app.url);
    cookies['box-office'] = (await readyOperator(app, cookies.owner, 'box-office')).cookie;
    cookies.door = (await readyOperator(app, cookies.owner, 'door')).cookie;
    cookies.joining = await join(app, (await invite(app, cookies.owner, 'box-office')).token);
    operations = await adminOperations(app);
  });

  it('names a rule on every admin operation: the permissions that admit it, or any operator', () => {
    expect(operations.length).toBeGreaterThan(30);
    const unruled = operations.filter((operation) => {
      const permissions = operation[PERMISSIONS_EXTENSION];
      const anyOperator = operation[ANY_OPERATOR_EXTENSION] === true;
      const valid =
        Array.isArray(permissions) &&
        permissions.length > 0 &&
        permissions.every((permission) => (PERMISSIONS as readonly string[]).includes(permission));
      return anyOperator === valid; // neither, or both
    });
    expect(unruled.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    // Every permission guards some route.
    const used = new Set(operations.flatMap((operation) => operation[PERMISSIONS_EXTENSION] ?? []));
    expect([...used].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('answers 401, 403 or neither to each caller as the permissions table says', async () => {
    const table: string[] = [];
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const caller of CALLERS) {
        const { status, message } = await statusOf(
          app,
          operation,
          caller === 'nobody' ? undefined : cookies[caller],
        );
        let expected: string;
        if (caller === 'nobody') expected = '401';
        else if (operation[ANY_OPERATOR_EXTENSION]) expected = 'admitted';
        else if (caller === 'joining')
          expected = '403 Add a passkey or an authenticator app first.';
        else if (roleAllows(caller, operation[PERMISSIONS_EXTENSION] ?? [])) expected = 'admitted';
        else expected = '403 Your role does not allow this.';
        const answered =
          status === 401 || status === 403
            ? `${status}${status === 403 ? ` ${message}` : ''}`
            : 'admitted';
        const line = `${operation.method} ${operation.path} as ${caller}: ${answered}`;
        table.push(line);
        if (answered !== expected) wrong.push(`${line} (expected ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(table.length).toBe(operations.length * CALLERS.length);
  });

  it('gives the door role only the door, and box office everything but the operators', () => {
    expect(ROLE_PERMISSIONS.door).toEqual(['door']);
    expect([...ROLE_PERMISSIONS['box-office']].sort()).toEqual(
      PERMISSIONS.filter((permission) => permission !== 'operators').sort(),
    );
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
  });
});
