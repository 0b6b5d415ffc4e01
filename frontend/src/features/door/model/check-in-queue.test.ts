import { CheckInQueue } from './check-in-queue';
import type { KeyValueStorage, PendingCheckIn, SendOutcome } from './check-in-queue';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const item = (handle: string, minute: number): PendingCheckIn => ({
  id: `c-${handle}`,
  event: 'bucharest',
  time: 'Oct 30 - 7:30pm',
  handle,
  deviceTime: `2025-10-30T17:${String(minute).padStart(2, '0')}:00.000Z`,
  device: 'door-a',
});

const record = (handle: string, by = 'owner') => ({
  handle,
  name: `Person ${handle}`,
  checkedInAt: '2025-10-30T17:00:00.000Z',
  checkedInBy: by,
});

describe('the check-in queue', () => {
  it('keeps check-ins across a reload (in storage) and one per registration', () => {
    const storage = memoryStorage();
    const queue = new CheckInQueue(storage);
    expect(queue.add(item('r1', 1))).toBe(true);
    expect(queue.add(item('r1', 2))).toBe(false);
    expect(queue.add(item('r2', 3))).toBe(true);
    expect(new CheckInQueue(storage).items().map((queued) => queued.handle)).toEqual(['r1', 'r2']);
  });

  it('sends in order with the device time, and empties as the server answers', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    queue.add(item('r2', 2));
    const sent: PendingCheckIn[] = [];
    const report = await queue.flush(async (queued) => {
      sent.push(queued);
      return { kind: 'accepted', checkIn: record(queued.handle) };
    });
    expect(sent.map((queued) => queued.deviceTime)).toEqual([
      '2025-10-30T17:01:00.000Z',
      '2025-10-30T17:02:00.000Z',
    ]);
    expect(report.accepted).toHaveLength(2);
    expect(report.stopped).toBe(false);
    expect(queue.items()).toEqual([]);
  });

  it('stops at the first unanswered check-in and keeps it and those after it', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    queue.add(item('r2', 2));
    queue.add(item('r3', 3));
    const answers: SendOutcome[] = [
      { kind: 'accepted', checkIn: record('r1') },
      { kind: 'unsent' },
    ];
    const report = await queue.flush(async () => answers.shift() ?? { kind: 'unsent' });
    expect(report.stopped).toBe(true);
    expect(queue.items().map((queued) => queued.handle)).toEqual(['r2', 'r3']);
  });

  it('treats a thrown send (no network) as unanswered', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    const report = await queue.flush(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(report.stopped).toBe(true);
    expect(queue.items()).toHaveLength(1);
  });

  it('reports a check-in another phone made first (409) with who and when, and drops it', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    const report = await queue.flush(async () => ({
      kind: 'conflict',
      checkIn: record('r1', 'door-b'),
    }));
    expect(report.conflicts).toEqual([
      { item: expect.objectContaining({ handle: 'r1' }), checkIn: record('r1', 'door-b') },
    ]);
    expect(queue.items()).toEqual([]);
  });

  it('reports a refused one (cancelled meanwhile) and goes on with the next', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    queue.add(item('r2', 2));
    const report = await queue.flush(async (queued) =>
      queued.handle === 'r1'
        ? { kind: 'refused', reason: 'cancelled', name: 'Person r1' }
        : { kind: 'accepted', checkIn: record('r2') },
    );
    expect(report.refused).toEqual([
      {
        item: expect.objectContaining({ handle: 'r1' }),
        reason: 'cancelled',
        name: 'Person r1',
      },
    ]);
    expect(report.accepted).toHaveLength(1);
  });

  it('says when the session is gone, keeping the check-ins', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    const report = await queue.flush(async () => ({ kind: 'unsent', signedOut: true }));
    expect(report).toMatchObject({ stopped: true, signedOut: true });
    expect(queue.items()).toHaveLength(1);
  });

  it('sends each check-in once when two flushes are asked at the same time', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    let sends = 0;
    const send = async (queued: PendingCheckIn): Promise<SendOutcome> => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { kind: 'accepted', checkIn: record(queued.handle) };
    };
    await Promise.all([queue.flush(send), queue.flush(send)]);
    expect(sends).toBe(1);
  });

  it('takes back a check-in not yet sent (undo while offline)', async () => {
    const queue = new CheckInQueue(memoryStorage());
    queue.add(item('r1', 1));
    expect(queue.remove('r1')).toBe(true);
    expect(queue.remove('r1')).toBe(false);
    const send = jest.fn();
    await queue.flush(send);
    expect(send).not.toHaveBeenCalled();
  });

  it('reads a damaged storage as an empty queue', () => {
    const storage = memoryStorage();
    storage.setItem('door.checkInQueue', '{not json');
    expect(new CheckInQueue(storage).items()).toEqual([]);
  });
});
