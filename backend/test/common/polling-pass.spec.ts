import { Logger } from '@nestjs/common';
import { MORE_DUE, OneAtATime, PollingPass } from '../../src/common/polling-pass';

const INTERVAL = 60_000;

/** A pass that counts its runs; jest's fake timers stand for the clock. */
function counted() {
  const runs: number[] = [];
  const passes = new PollingPass(
    async () => {
      runs.push(Date.now());
    },
    { intervalMs: INTERVAL, logger: new Logger('test'), what: 'Test pass' },
  );
  return { runs, passes };
}

describe('a worker’s passes', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('runs one at start, one each interval, and one at the moment asked for', async () => {
    const { runs, passes } = counted();
    const start = Date.now();
    passes.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start]);

    passes.wakeAt(new Date(start + 20_000));
    // A later moment does not put the sooner one off.
    passes.wakeAt(new Date(start + 40_000));
    await jest.advanceTimersByTimeAsync(19_999);
    expect(runs).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([start, start + 20_000]);
    // A sooner moment replaces the later one; nothing more until the interval.
    passes.wakeAt(new Date(start + 50_000));
    passes.wakeAt(new Date(start + 30_000));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([start, start + 20_000, start + 30_000]);
    // Nothing at 50 s (the later moment was dropped): the next is the interval's.
    await jest.advanceTimersByTimeAsync(start + INTERVAL - 1 - Date.now());
    expect(runs).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([start, start + 20_000, start + 30_000, start + INTERVAL]);
    await passes.stop();
  });

  it('leaves a moment an interval or more away to the interval, and asks nothing once stopped', async () => {
    const { runs, passes } = counted();
    const start = Date.now();
    passes.wakeAt(new Date(start + 1_000));
    passes.start();
    await jest.advanceTimersByTimeAsync(0);
    passes.wakeAt(new Date(start + INTERVAL + 5_000));
    await jest.advanceTimersByTimeAsync(INTERVAL + 10_000);
    expect(runs).toEqual([start, start + INTERVAL]);

    passes.wakeAt(new Date(Date.now() + 1_000));
    await passes.stop();
    await jest.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(runs).toHaveLength(2);
  });

  it('runs the next pass right after one that answers MORE_DUE (after the rest), until one does not', async () => {
    for (const restMs of [0, 250]) {
      const runs: number[] = [];
      // A backlog of three batches: the first two passes stop at their batch's size.
      const passes = new PollingPass(
        async () => {
          runs.push(Date.now());
          return runs.length < 3 ? MORE_DUE : undefined;
        },
        { intervalMs: INTERVAL, logger: new Logger('test'), what: 'Test pass', restMs },
      );
      const start = Date.now();
      passes.start();
      await jest.advanceTimersByTimeAsync(2 * restMs);
      expect(runs).toEqual([start, start + restMs, start + 2 * restMs]);
      // The third answered nothing more: the next is the interval's.
      await jest.advanceTimersByTimeAsync(INTERVAL - 2 * restMs - 1);
      expect(runs).toHaveLength(3);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toEqual([start, start + restMs, start + 2 * restMs, start + INTERVAL]);
      await passes.stop();
    }
  });

  it('runs at once for a moment already past', async () => {
    const { runs, passes } = counted();
    passes.start();
    await jest.advanceTimersByTimeAsync(0);
    passes.wakeAt(new Date(Date.now() - 5_000));
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    await passes.stop();
  });
});

describe('a task run one at a time with a rest between runs', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('runs asks that come during the rest once, at its end, and misses none', async () => {
    const runs: number[] = [];
    const task = new OneAtATime(
      async () => {
        runs.push(Date.now());
      },
      () => undefined,
      250,
    );
    const start = Date.now();
    task.run();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start]);
    // A rush: asked every 10 ms, from 0 to 980 ms.
    for (let ask = 0; ask < 99; ask += 1) {
      task.run();
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(runs).toEqual([start, start + 250, start + 500, start + 750]);
    // The last ask (at 980 ms) is run at the end of the rest, not dropped.
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([start, start + 250, start + 500, start + 750, start + 1_000]);
    // Asked after a long quiet, it runs at once.
    task.run();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(6);
    expect(runs[5]).toBe(Date.now());
    await task.stop();
  });

  it('runs nothing that was resting once stopped', async () => {
    let runs = 0;
    const task = new OneAtATime(
      async () => {
        runs += 1;
      },
      () => undefined,
      250,
    );
    task.run();
    await jest.advanceTimersByTimeAsync(0);
    task.run();
    await task.stop();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });
});
