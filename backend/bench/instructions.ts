import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Launch, Process } from './environment';

/**
 * Instructions counted by valgrind's callgrind, for figures a shared machine's load cannot move:
 * the same work runs the same instructions however busy the other core is, where a process's
 * CPU time per answer moves by a tenth from one process to the next of the same build.
 * Instrumentation is off while the process starts and warms up, and on only around the
 * requests measured. Needs valgrind (Debian's package `valgrind`), which brings callgrind_control.
 */
export interface Callgrind {
  launch(outDir: string): Launch;
  /**
   * Instructions a request in each of `samples` samples: instrumentation on while `send` sends
   * `requests` requests, then off again.
   */
  perRequest(
    server: Process,
    outDir: string,
    send: (requests: number) => Promise<void>,
    options: { requests: number; samples: number },
  ): Promise<number[]>;
}

/** Whether `command` runs here (it answers `--version`). */
function runs(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The instruments, or why there are none. */
export function findCallgrind(): Callgrind | { problem: string } {
  const [valgrind, control] = ['valgrind', 'callgrind_control'];
  if (!runs(valgrind) || !runs(control)) {
    return { problem: 'no valgrind (Debian package valgrind) on PATH' };
  }
  const run = (pid: number, ...args: string[]) =>
    execFileSync(control, [...args, String(pid)], { stdio: 'ignore' });
  return {
    launch: (outDir) => ({
      launcher: [
        valgrind,
        '--tool=callgrind',
        '--instr-atstart=no',
        // Node compiles code as it runs (V8's JIT): valgrind must notice code rewritten in place.
        '--smc-check=all-non-file',
        `--callgrind-out-file=${path.join(outDir, 'callgrind.%p')}`,
      ],
    }),
    async perRequest(server, outDir, send, { requests, samples }) {
      const pid = server.child.pid!;
      const counts: number[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        run(pid, '--zero');
        run(pid, '--instr=on');
        await send(requests);
        run(pid, '--instr=off');
        run(pid, '--dump');
        counts.push(totalOfLastDump(outDir, pid) / requests);
      }
      return counts;
    },
  };
}

/** The instructions of the newest of `pid`'s dumps (callgrind.<pid>.<n>): its `totals:` line. */
function totalOfLastDump(outDir: string, pid: number): number {
  const prefix = `callgrind.${pid}.`;
  const numbers = readdirSync(outDir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length)));
  if (numbers.length === 0) throw new Error(`callgrind wrote no dump for process ${pid}`);
  const newest = path.join(outDir, `${prefix}${Math.max(...numbers)}`);
  const totals = /^totals: (\d+)/m.exec(readFileSync(newest, 'utf8'));
  if (!totals) throw new Error(`callgrind's dump ${newest} has no totals`);
  return Number(totals[1]);
}
