import { adminRequest, login, register } from './admin-client';
import { OPEN_SLOT } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { waitFor } from '../wait-for';
import { readyOperator, type ReadyOperator } from '../operators/operator-client';

interface FeedEntry {
  position: number;
  type: string;
  operatorId?: string;
  actorName?: string;
  subjectName?: string;
  subjectNumber?: number;
  event?: string;
  time?: string;
  payload: Record<string, unknown>;
}

interface Feed {
  events: FeedEntry[];
  lastPosition: number;
  nextBefore: number | null;
}

const PERSON = 'Philippa Activitywright';

describe('the feed as the activity page reads it: newest first, filtered, naming whom', () => {
  let app: TestApp;
  let owner: string;
  let boxOffice: ReadyOperator;
  let registrationId: string;
  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    owner = await login(app.url);
    boxOffice = await readyOperator(app, owner, 'box-office', 'Bogdana Casierescu');
    registrationId = (await register(app.url, { name: PERSON })).id;
    const paid = await adminRequest(
      app.url,
      boxOffice.cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      { paid: true },
    );
    expect(paid.status).toBe(200);
  });

  /** A page of the feed once it shows the box office's mark (other transactions may hold it). */
  function feed(query: string, cookie = owner): Promise<Feed> {
    return waitFor(
      async () => {
        const answer = await adminRequest<Feed>(
          app.url,
          cookie,
          'GET',
          `/api/admin/events?${query}`,
        );
        expect(answer.status).toBe(200);
        return answer.body.events.length > 0 ? answer.body : undefined;
      },
      60_000,
      `the feed to answer ${query}`,
    );
  }

  it('pages newest first by nextBefore, every event once, down to the first', async () => {
    await feed('order=newest&type=PaidFlagSet');
    const all = await feed('after=0&limit=1000');
    const seen: number[] = [];
    let before: number | null | undefined;
    for (let pages = 0; before !== null && pages < 100; pages += 1) {
      const page = await feed(`order=newest&limit=7${before ? `&before=${before}` : ''}`);
      seen.push(...page.events.map((event) => event.position));
      before = page.nextBefore;
    }
    expect(seen).toEqual(all.events.map((event) => event.position).reverse());
  });

  it('names the registration and its slot on each of its facts, and the operator who acted', async () => {
    const page = await feed(`order=newest&operator=${boxOffice.id}`);
    expect(page.events.map((event) => event.type)).toContain('PaidFlagSet');
    for (const event of page.events) expect(event.operatorId).toBe(boxOffice.id);
    const mark = page.events.find((event) => event.type === 'PaidFlagSet')!;
    expect(mark).toMatchObject({
      actorName: 'Bogdana Casierescu',
      subjectName: PERSON,
      event: 'bucharest',
      time: OPEN_SLOT,
    });
  });

  it('keeps to a kind, to the owner, and to a slot (its registrations and its own facts)', async () => {
    const created = await feed('order=newest&type=RegistrationCreated');
    expect(new Set(created.events.map((event) => event.type))).toEqual(
      new Set(['RegistrationCreated']),
    );
    const owners = await feed('order=newest&operator=owner');
    expect(owners.events.map((event) => event.type)).toContain('OwnerSignedIn');
    expect(owners.events.map((event) => event.type)).toContain('OperatorInvited');
    expect(owners.events.every((event) => event.operatorId === 'owner')).toBe(true);
    const slot = await feed(`order=newest&event=bucharest&time=${encodeURIComponent(OPEN_SLOT)}`);
    expect(slot.events.every((event) => event.event === 'bucharest')).toBe(true);
    expect(slot.events.every((event) => event.time === OPEN_SLOT)).toBe(true);
    expect(slot.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['RegistrationCreated', 'PaidFlagSet']),
    );
    const elsewhere = await adminRequest<Feed>(
      app.url,
      owner,
      'GET',
      `/api/admin/events?order=newest&event=bucharest&time=${encodeURIComponent('Jan 1 - 7:30pm')}`,
    );
    expect(elsewhere.body.events).toEqual([]);
  });

  it("names an operator's subject only to a reader who may see the operators", async () => {
    const forOwner = await feed('order=newest&type=OperatorJoined');
    const joined = forOwner.events.find((event) => event.payload.operatorId === boxOffice.id);
    expect(joined).toMatchObject({
      subjectName: 'Bogdana Casierescu',
      subjectNumber: boxOffice.number,
    });
    const forBoxOffice = await feed('order=newest&type=OperatorJoined', boxOffice.cookie);
    const seen = forBoxOffice.events.find((event) => event.payload.operatorId === boxOffice.id);
    expect(seen?.subjectNumber).toBe(boxOffice.number);
    expect(seen?.subjectName).toBeUndefined();
  });

  it("carries each slot's checked in and unapproved sheet on the registrations' pages", async () => {
    const answer = await adminRequest<{
      slots: { event: string; time: string; checkedIn: number; sheetUnapproved: number }[];
    }>(app.url, owner, 'GET', '/api/admin/registrations?limit=1');
    const slot = answer.body.slots.find(
      (candidate) => candidate.event === 'bucharest' && candidate.time === OPEN_SLOT,
    );
    // The one seated person has no approved text yet, and has not come through the door.
    expect(slot).toMatchObject({ checkedIn: 0, sheetUnapproved: 1 });
  });

  it.each([
    ['order=oldest&before=5', 'before'],
    ['order=newest&after=5', 'after'],
    ['time=Oct%2030%20-%207%3A30pm', 'time'],
    ['type=NoSuchFact', 'type'],
    ['order=sideways', 'order'],
    ['operator=nobody', 'operator'],
  ])('refuses %s in words, naming the field', async (query, field) => {
    const answer = await adminRequest<{ code: string; errors: { field: string; code: string }[] }>(
      app.url,
      owner,
      'GET',
      `/api/admin/events?${query}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation-failed');
    expect(answer.body.errors[0]?.field).toBe(field);
  });
});
