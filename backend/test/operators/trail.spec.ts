import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { LiveTour } from '../../src/tour/live-tour';
import { adminRequest, login, register } from '../admin/admin-client';
import { dumpDatabase } from '../admin/database-dump';
import { OPEN_SLOT } from '../http';
import { snapshotReadModels } from '../read-models';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { waitFor } from '../wait-for';
import { accountThrottleKey } from '../../src/operators/sign-in/login-throttle';
import {
  addTotp,
  invite,
  join,
  signIn,
  type InvitedOperator,
  type ReadyOperator,
} from './operator-client';
import { SoftwareAuthenticator } from './software-authenticator';

interface AuditEntry {
  type: string;
  actor: string;
  operatorId?: string;
  actorName?: string;
  payload: Record<string, unknown>;
}

/** A name and an email like nothing else in the database. */
const PERSON = { name: 'Philomena Quasterbury', email: 'Philomena.Quasterbury@Example.org' };

describe('the trail names the operator, and keeps its word after the operator is erased', () => {
  let database: TestDatabase;
  let app: TestApp;
  let dataDir: string;
  let owner: string;
  let boxOffice: ReadyOperator;
  let door: ReadyOperator;
  let registrationId: string;
  const slot = encodeURIComponent(OPEN_SLOT);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'operator-trail-'));
    database = await createTestDatabase();
    app = await startTestApp(database.url, { DATA_DIR: dataDir });
    owner = await login(app.url);
    // Their invitations leave before they join: the mail that named them is on disk.
    const invitedBoxOffice = await invite(app, owner, 'box-office', PERSON.name, PERSON.email);
    const invitedDoor = await invite(app, owner, 'door', 'Doru Portar');
    expect(await app.app.get(OutboxWorker).runOnce()).toEqual({ sent: 2, failed: 0, cancelled: 0 });
    const ready = async (invited: InvitedOperator): Promise<ReadyOperator> => {
      const cookie = await join(app, invited.token, invited.name);
      return { ...invited, cookie, ...(await addTotp(app, cookie)) };
    };
    boxOffice = await ready(invitedBoxOffice);
    door = await ready(invitedDoor);
    registrationId = (await register(app.url)).id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function history(): Promise<AuditEntry[]> {
    const answer = await adminRequest<{ events: AuditEntry[] }>(
      app.url,
      owner,
      'GET',
      `/api/admin/registrations/${registrationId}/history`,
    );
    expect(answer.status).toBe(200);
    return answer.body.events;
  }

  /**
   * The admin feed once it shows a PaidFlagSet: the feed holds back events while any older
   * transaction in the test PostgreSQL is open (so that it never skips one), and other test
   * files share that server, so ask until it does.
   */
  async function feed(): Promise<AuditEntry[]> {
    return waitFor(async () => {
      const answer = await adminRequest<{ events: AuditEntry[] }>(
        app.url,
        owner,
        'GET',
        '/api/admin/events?after=0&limit=500',
      );
      expect(answer.status).toBe(200);
      const events = answer.body.events;
      return events.some((event) => event.type === 'PaidFlagSet') ? events : undefined;
    }, 60_000);
  }

  async function tourHistory() {
    const answer = await adminRequest<{
      entries: { type: string; actor: string; operatorId?: string; actorName?: string }[];
    }>(app.url, owner, 'GET', '/api/admin/tour/history');
    expect(answer.status).toBe(200);
    return answer.body.entries;
  }

  it("names each operator in the registration's history, the tour's history and the feed", async () => {
    const paid = await adminRequest(
      app.url,
      boxOffice.cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      { paid: true },
    );
    expect(paid.status).toBe(200);
    const captured = await adminRequest(
      app.url,
      owner,
      'PATCH',
      `/api/admin/registrations/${registrationId}/dreamed-captured`,
      { dreamedCaptured: true },
    );
    expect(captured.status).toBe(200);
    const capacity = await adminRequest(
      app.url,
      boxOffice.cookie,
      'PATCH',
      `/api/admin/tour/events/bucharest/slots/${slot}`,
      { capacity: 24 },
    );
    expect(capacity.status).toBe(200);

    const events = await history();
    expect(events.find((event) => event.type === 'RegistrationCreated')).not.toHaveProperty(
      'actorName',
    );
    expect(events.find((event) => event.type === 'PaidFlagSet')).toMatchObject({
      actor: 'admin',
      operatorId: boxOffice.id,
      actorName: PERSON.name,
    });
    expect(events.find((event) => event.type === 'DreamCapturedSet')).toMatchObject({
      actor: 'admin',
      operatorId: 'owner',
      actorName: 'owner',
    });
    expect(
      (await tourHistory()).find((entry) => entry.type === 'SlotCapacityChanged'),
    ).toMatchObject({
      actor: 'admin',
      operatorId: boxOffice.id,
      actorName: PERSON.name,
    });
    const logged = await feed();
    expect(logged.find((event) => event.type === 'PaidFlagSet')).toMatchObject({
      actorName: PERSON.name,
    });
    // The operators' own facts are in the log too, without their name or email.
    const invited = logged.find(
      (event) => event.type === 'OperatorInvited' && event.payload.operatorId === boxOffice.id,
    )!;
    expect(invited).toMatchObject({ actor: 'admin', actorName: 'owner' });
    expect(JSON.stringify(invited.payload)).not.toContain('Philomena');
    expect(invited.payload).not.toHaveProperty('sealedPersonalData');
  });

  it('shows the door role names only on the door list, and refuses it the registrations, the export and refunds', async () => {
    const list = await adminRequest<{ seated: Record<string, unknown>[]; waitingList: unknown[] }>(
      app.url,
      door.cookie,
      'GET',
      `/api/admin/tour/events/bucharest/slots/${slot}/door`,
    );
    expect(list.status).toBe(200);
    const everyone = [...list.body.seated, ...(list.body.waitingList as Record<string, unknown>[])];
    for (const person of everyone) {
      expect(Object.keys(person)).not.toEqual(expect.arrayContaining(['email']));
      expect(person).not.toHaveProperty('whatsapp');
      expect(person).not.toHaveProperty('phone');
      expect(person).not.toHaveProperty('dream');
    }
    expect(JSON.stringify(list.body)).not.toMatch(/@example\.com|\+40 712/);
    for (const [method, route, body] of [
      ['GET', '/api/admin/registrations', undefined],
      ['GET', `/api/admin/registrations/${registrationId}/history`, undefined],
      ['GET', '/api/admin/registrations/export', undefined],
      ['POST', `/api/admin/registrations/${registrationId}/cancel`, { refund: true }],
      ['DELETE', `/api/registrations/${registrationId}`, undefined],
      ['GET', '/api/admin/events', undefined],
    ] as const) {
      const answer = await adminRequest(app.url, door.cookie, method, route, body);
      expect({ route, status: answer.status, body: answer.body }).toEqual({
        route,
        status: 403,
        body: {
          statusCode: 403,
          code: 'role-refused',
          message: 'Your role does not allow this.',
          errors: [],
        },
      });
    }
  });

  it('rebuilds operator_view from the log exactly as the live appends left it', async () => {
    const live = await snapshotReadModels(app.dataSource);
    expect((live as { operators: unknown[] }).operators).toHaveLength(2);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it('refuses to erase an operator who is not suspended (409)', async () => {
    const answer = await adminRequest(
      app.url,
      owner,
      'POST',
      `/api/admin/operators/${boxOffice.id}/erasure`,
      {},
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      statusCode: 409,
      code: 'suspend-first',
      message: 'Suspend this operator first.',
      errors: [],
    });
  });

  it('erases a suspended operator: no name or email readable anywhere, the trail reads "former operator #N"', async () => {
    // A passkey of theirs, and a failed attempt on their account.
    expect((await signIn(app, PERSON.email, '000000', 'not their passphrase')).status).toBe(401);
    const authenticator = new SoftwareAuthenticator(app.config.publicUrl);
    const options = await adminRequest<{
      challengeId: string;
      options: { challenge: string; rp: { id: string }; user: { id: string } };
    }>(app.url, boxOffice.cookie, 'POST', '/api/admin/account/passkeys/options', {});
    expect(
      (
        await adminRequest(app.url, boxOffice.cookie, 'POST', '/api/admin/account/passkeys', {
          challengeId: options.body.challengeId,
          response: authenticator.register(options.body.options),
        })
      ).status,
    ).toBe(201);
    const before = await dumpDatabase(database.url);
    expect(before.text).toContain(PERSON.name);

    expect(
      (
        await adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${boxOffice.id}`, {
          suspended: true,
        })
      ).status,
    ).toBe(200);
    const erased = await adminRequest(
      app.url,
      owner,
      'POST',
      `/api/admin/operators/${boxOffice.id}/erasure`,
      {},
    );
    expect(erased.status).toBe(204);

    const dump = await dumpDatabase(database.url);
    for (const secret of [PERSON.name, 'Quasterbury', PERSON.email, PERSON.email.toLowerCase()]) {
      expect({ secret, found: dump.text.includes(secret) }).toEqual({ secret, found: false });
    }
    const [failures]: { count: number }[] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM admin_login_failures WHERE client_address = $1',
      [accountThrottleKey(PERSON.email)],
    );
    expect(failures.count).toBe(0);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files.filter((file) => file.includes(boxOffice.id))).toEqual([]);
    expect(files.filter((file) => file.includes(door.id))).toHaveLength(1);

    const formerly = `former operator #${boxOffice.number}`;
    expect((await history()).find((event) => event.type === 'PaidFlagSet')).toMatchObject({
      operatorId: boxOffice.id,
      actorName: formerly,
    });
    expect((await feed()).find((event) => event.type === 'PaidFlagSet')).toMatchObject({
      actorName: formerly,
    });
    expect(
      (await tourHistory()).find((entry) => entry.type === 'SlotCapacityChanged'),
    ).toMatchObject({
      actorName: formerly,
    });
    const listed = await adminRequest<{ operators: Record<string, unknown>[] }>(
      app.url,
      owner,
      'GET',
      '/api/admin/operators',
    );
    expect(listed.body.operators.find((operator) => operator.id === boxOffice.id)).toMatchObject({
      name: formerly,
      email: null,
      state: 'erased',
      sessions: [],
    });
    // The door operator is untouched.
    expect(listed.body.operators.find((operator) => operator.id === door.id)).toMatchObject({
      name: 'Doru Portar',
      state: 'active',
    });

    // Again: nothing more happens. And the rebuild folds the erased operator as the live path did.
    expect(
      (
        await adminRequest(
          app.url,
          owner,
          'POST',
          `/api/admin/operators/${boxOffice.id}/erasure`,
          {},
        )
      ).status,
    ).toBe(204);
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
