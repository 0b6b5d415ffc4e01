import { generate } from 'otplib';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { adminRequest, login } from '../admin/admin-client';
import { request, type JsonResponse } from '../http';
import type { TestApp } from '../test-app';

export const PASSPHRASE = 'seven ravens over the quiet harbour';

/** The session cookie a sign-in's answer sets. */
export function sessionCookieOf(response: JsonResponse): string {
  const line = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('admin_session='));
  if (!line) throw new Error(`no admin_session cookie in a ${response.status} answer`);
  return line.split(';')[0];
}

export interface InvitedOperator {
  id: string;
  number: number;
  email: string;
  name: string;
  token: string;
}

/** The invitation link's token, as the invitation's email carries it (signed by the app). */
export async function invitationToken(app: TestApp, operatorId: string): Promise<string> {
  const [row]: { invitation_id: string }[] = await app.dataSource.query(
    'SELECT invitation_id FROM operator_view WHERE id = $1',
    [operatorId],
  );
  const url = new URL(await app.app.get(VisitorLinks).url('invitation', row.invitation_id));
  return url.searchParams.get('token')!;
}

/** The owner invites an operator; answers it with its invitation's token. */
export async function invite(
  app: TestApp,
  ownerCookie: string,
  role: 'box-office' | 'door',
  name = 'Ioana Marin',
  email = `operator.${Math.random().toString(36).slice(2)}@example.com`,
): Promise<InvitedOperator> {
  const answer = await adminRequest<{ id: string; number: number }>(
    app.url,
    ownerCookie,
    'POST',
    '/api/admin/operators',
    { email, name, role },
  );
  if (answer.status !== 201) {
    throw new Error(`invite answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return {
    id: answer.body.id,
    number: answer.body.number,
    email,
    name,
    token: await invitationToken(app, answer.body.id),
  };
}

/** Joins with an invitation; answers the new session's cookie (no second factor yet). */
export async function join(
  app: TestApp,
  token: string,
  name = 'Ioana Marin',
  passphrase = PASSPHRASE,
): Promise<string> {
  const answer = await request(app.url, 'POST', '/api/operators/join', { token, name, passphrase });
  if (answer.status !== 201) {
    throw new Error(`join answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return sessionCookieOf(answer);
}

/** The code an authenticator app shows for `secret`, `stepsAhead` steps of 30 s from now. */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Adds an authenticator app to the signed-in operator's account. */
export async function addTotp(
  app: TestApp,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await adminRequest<{ secret: string }>(
    app.url,
    cookie,
    'POST',
    '/api/admin/account/totp',
    {},
  );
  const confirmed = await adminRequest<{ recoveryCodes: string[] }>(
    app.url,
    cookie,
    'POST',
    '/api/admin/account/totp/confirmation',
    { code: await totpCode(setup.body.secret) },
  );
  if (confirmed.status !== 200) {
    throw new Error(`TOTP confirmation answered ${confirmed.status}`);
  }
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** Signs in with email, passphrase and a code. */
export function signIn(
  app: TestApp,
  email: string,
  code: string,
  passphrase = PASSPHRASE,
  headers: Record<string, string> = {},
): Promise<JsonResponse<Record<string, unknown>>> {
  return request(
    app.url,
    'POST',
    '/api/admin/login/operator',
    { email, passphrase, code },
    headers,
  );
}

export interface ReadyOperator extends InvitedOperator {
  /** A session with its second factor in place. */
  cookie: string;
  secret: string;
  recoveryCodes: string[];
}

/** An operator of `role` who joined and added an authenticator app, with a live session. */
export async function readyOperator(
  app: TestApp,
  ownerCookie: string,
  role: 'box-office' | 'door',
  name = 'Ioana Marin',
): Promise<ReadyOperator> {
  const invited = await invite(app, ownerCookie, role, name);
  const cookie = await join(app, invited.token, name);
  const { secret, recoveryCodes } = await addTotp(app, cookie);
  return { ...invited, cookie, secret, recoveryCodes };
}

export { login };

let nextAddress = 0;
/**
 * A client address of its own for each call (198.51.100.1, .2, …), so that only an account's
 * failure counter counts, never one network's.
 */
export function fromAddress(): Record<string, string> {
  nextAddress += 1;
  return { 'x-forwarded-for': `198.51.100.${nextAddress}` };
}
