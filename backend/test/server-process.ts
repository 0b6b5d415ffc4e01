import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { testTourFile } from './test-tour';
import { freePort } from '../src/database/embedded-database';

export const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (`npm run build -w backend`) as its own process. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run \`npm run build -w backend\` first`);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'test-admin-password',
      PORT: String(port),
      TOUR_FILE: testTourFile(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/capacity`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
