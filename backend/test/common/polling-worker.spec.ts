import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import {
  BACKLOG_BUSY_SHARE,
  MORE_DUE,
  measureProcessLoad,
  OneAtATime,
  PollingPass,
  type ProcessLoad,
} from '../../src/common/polling-worker';

const INTERVAL = 60_000;

/** `pass`'s passes every INTERVAL, with a backlog's rest and a stand-in for the thread's load. */
function testPasses(
  pass: () => Promise<unknown>,
  backlog: { restMs?: number; processLoad?: ProcessLoad } = {},
): PollingPass {
  return new PollingPass(pass, {
    intervalMs: INTERVAL,
    logger: new Logger('test'),
    what: 'Test pass',
    ...backlog,
  });
}

/** A pass that counts its runs; jest's fake timers stand for the clock. */
function counted() {
  const runs: number[] = [];
  const passes = testPasses(async () => {
    runs.push(Date.now());
  });
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
      const passes = testPasses(
        async () => {
          runs.push(Date.now());
          return runs.length < 3 ? MORE_DUE : undefined;
        },
        {
          restMs,
          processLoad: () => () => BACKLOG_BUSY_SHARE - 0.01,
        },
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

  it('holds a backlog’s next batch while the thread is busy with other work (the interval’s passes going on), and follows again after the first quiet rest', async () => {
    const runs: number[] = [];
    const measured: number[] = [];
    // The thread's load over each span looked at, as the requests keep it: a rush, then quiet.
    let load = BACKLOG_BUSY_SHARE;
    const passes = testPasses(
      async () => {
        runs.push(Date.now());
        return runs.length < 5 ? MORE_DUE : undefined;
      },
      {
        restMs: 250,
        processLoad: () => {
          const since = Date.now();
          return () => {
            measured.push(Date.now() - since);
            return load;
          };
        },
      },
    );
    const start = Date.now();
    passes.start();
    // Busy for an interval: the backlog is looked at after each rest, and only the interval's
    // pass takes a batch.
    await jest.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(runs).toEqual([start]);
    expect(measured).toHaveLength(Math.floor((INTERVAL - 1) / 250));
    expect(new Set(measured)).toEqual(new Set([250]));
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([start, start + INTERVAL]);
    // Quiet from 100 ms later: the next look finds a quiet rest, and the backlog's batches follow
    // a rest apart, to its end.
    await jest.advanceTimersByTimeAsync(100);
    load = BACKLOG_BUSY_SHARE - 0.01;
    await jest.advanceTimersByTimeAsync(150 + 3 * 250);
    expect(runs).toEqual([
      start,
      start + INTERVAL,
      start + INTERVAL + 250,
      start + INTERVAL + 500,
      start + INTERVAL + 750,
    ]);
    await jest.advanceTimersByTimeAsync(INTERVAL - 1000 - 1);
    expect(runs).toHaveLength(5);
    await passes.stop();
  });

  it('holds a nudge while the process is busy (a rush’s commits, each queueing its emails) until the first quiet rest, and runs one at once when it is quiet', async () => {
    const runs: number[] = [];
    let load = 0;
    const passes = testPasses(
      async () => {
        runs.push(Date.now());
      },
      { restMs: 250, processLoad: () => () => load },
    );
    const start = Date.now();
    passes.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start]);

    // A rush: its commits nudge several times a second, and none runs a pass meanwhile.
    load = 1;
    for (let nudge = 0; nudge < 8; nudge += 1) {
      await jest.advanceTimersByTimeAsync(100);
      passes.nudge();
    }
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([start]);
    // Over: the next look finds a quiet rest, and one pass takes what the nudges queued.
    load = BACKLOG_BUSY_SHARE - 0.01;
    await jest.advanceTimersByTimeAsync(250);
    expect(runs).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);

    // Quiet: a nudge runs a pass at once.
    const quietNudge = Date.now();
    passes.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start, runs[1], quietNudge]);
    await passes.stop();
  });

  it('runs a nudge at once, busy or not, for a worker without a rest', async () => {
    const runs: number[] = [];
    const passes = testPasses(
      async () => {
        runs.push(Date.now());
      },
      { processLoad: () => () => 1 },
    );
    passes.start();
    await jest.advanceTimersByTimeAsync(100);
    passes.nudge();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    await passes.stop();
  });

  it('stops looking at a backlog once a pass finds it done', async () => {
    let runs = 0;
    let looks = 0;
    const passes = testPasses(
      async () => {
        runs += 1;
        // A batch and a little more: the interval's pass takes the rest.
        return runs === 1 ? MORE_DUE : undefined;
      },
      {
        restMs: 250,
        // Busy throughout.
        processLoad: () => () => {
          looks += 1;
          return 1;
        },
      },
    );
    passes.start();
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(runs).toBe(2);
    const looked = looks;
    await jest.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(runs).toBe(2);
    expect(looks).toBe(looked);
    await passes.stop();
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

/**
 * A backlog's passes on the real clock, a batch every 100 ms at most, once the test runner's own
 * start is over; `within` waits for a condition as long as a machine busy with other work needs
 * (the room comes later there, but it comes).
 */
async function realBacklog() {
  await sleep(200);
  const runs: number[] = [];
  const passes = testPasses(
    async () => {
      runs.push(Date.now());
      return MORE_DUE;
    },
    { restMs: 100 },
  );
  passes.start();
  const within = async (condition: () => boolean, ms = 5_000) => {
    for (const deadline = Date.now() + ms; !condition() && Date.now() < deadline;) {
      await sleep(50);
    }
    return condition();
  };
  expect(await within(() => runs.length >= 2)).toBe(true);
  return { runs, passes, within };
}

describe('a backlog’s next batch on a real thread', () => {
  it('follows after the rest when the thread has room, not while it is kept busy, and again once it has room', async () => {
    const { runs, passes, within } = await realBacklog();

    // A rush's requests: the thread busy 18 ms of every 20, for 600 ms.
    const rush = setInterval(() => {
      const until = performance.now() + 18;
      while (performance.now() < until);
    }, 20);
    // The pass under way or resting as the rush began may still run.
    await sleep(150);
    const duringRush = runs.length;
    await sleep(450);
    clearInterval(rush);
    expect(runs).toHaveLength(duringRush);

    expect(await within(() => runs.length > duringRush)).toBe(true);
    await passes.stop();
  });
});

describe('a backlog held while the process is busy on threads of its own', () => {
  it('holds the next batch while another thread of the process keeps a core busy, its event loop idle, and follows once it stops', async () => {
    // A process just started in a rush: V8 compiles and collects on threads of its own, and the
    // event loop waits for a core, idle by its own count.
    const { runs, passes, within } = await realBacklog();

    // Three threads spinning, so that the process stays busy past BACKLOG_BUSY_SHARE of a core
    // even on a machine whose cores other work shares (as the test suite's own do).
    const spinners = Array.from(
      { length: 3 },
      () =>
        new Worker(
          'const { parentPort } = require("node:worker_threads"); let spin = true; parentPort.on("message", () => { spin = false; }); const loop = () => { const until = Date.now() + 20; while (Date.now() < until); if (spin) setImmediate(loop); else parentPort.close(); }; loop();',
          { eval: true },
        ),
    );
    try {
      await sleep(150);
      const whileBusy = runs.length;
      await sleep(600);
      expect(runs).toHaveLength(whileBusy);
    } finally {
      await Promise.all(
        spinners.map((spinner) => {
          spinner.postMessage('stop');
          return new Promise((resolve) => spinner.once('exit', resolve));
        }),
      );
    }
    const after = runs.length;
    expect(await within(() => runs.length > after)).toBe(true);
    await passes.stop();
  });

  it('measures the event loop and the other threads, whichever is busier', async () => {
    const idle = measureProcessLoad();
    await sleep(300);
    expect(idle()).toBeLessThan(BACKLOG_BUSY_SHARE);

    const busyLoop = measureProcessLoad();
    const until = performance.now() + 300;
    while (performance.now() < until);
    expect(busyLoop()).toBeGreaterThan(0.8);
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
