import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** deploy/nginx.conf, from the repository's root. */
export function deployedNginxConf(root: string): string {
  return readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
}

/**
 * deploy/nginx.conf as a test or the bench runs it: one worker, on a port of its own, its files
 * in `dir`, in front of `upstreams` (host:port each) instead of docker's `app` replicas (so
 * without docker's resolver, and without `resolve`, which nginx has only since 1.27.3: the
 * image's is 1.29, Debian 12's 1.22). Every other line is the file's own; with
 * `connectionPerRequest`, less its upstream keep-alive (what the file did before, for a baseline).
 */
export function nginxConfigFor(
  config: string,
  dir: string,
  port: number,
  upstreams: string[],
  { connectionPerRequest = false }: { connectionPerRequest?: boolean } = {},
): string {
  let replaced = config;
  const replace = (from: RegExp, to: string) => {
    if (!from.test(replaced)) throw new Error(`deploy/nginx.conf has no ${from}`);
    replaced = replaced.replace(from, to);
  };
  // One worker: the connections it keeps are one set, whatever the machine's cores.
  replace(/^worker_processes auto;$/m, 'worker_processes 1;');
  replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`);
  replace(/^ {2}resolver .*;$/m, '');
  replace(
    /server app:3000 resolve (.*)$/m,
    upstreams.map((host) => `server ${host} $1`).join('\n'),
  );
  replace(/access_log \/dev\/stdout json;/, `access_log ${dir}/access.log json;`);
  replace(/error_log \/dev\/stderr warn;/, `error_log ${dir}/error.log warn;`);
  replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  if (connectionPerRequest) {
    replace(/^ {4}keepalive \d+;$/m, '');
    replace(/^ {4}keepalive_timeout .*;$/m, '');
    replaced = replaced.replace(/^ *proxy_set_header Connection "";$/gm, '');
  }
  return replaced;
}

export interface RunningNginx {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * `config` (nginxConfigFor) in the nginx at `nginxPath`, listening on `port` (the caller's free
 * one: the tests' and the bench's helpers), in front of `upstreams`.
 */
export async function startNginx(
  nginxPath: string,
  config: string,
  {
    port,
    upstreams,
    ...options
  }: { port: number; upstreams: string[]; connectionPerRequest?: boolean },
): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
  // nginx's workers run as an unprivileged user when it is started as root.
  chmodSync(dir, 0o755);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfigFor(config, dir, port, upstreams, options),
  );
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
  const checked = spawnSync(nginxPath, ['-t', ...args], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t refused it:\n${checked.stderr}`);
  const proxy: ChildProcess = spawn(nginxPath, [...args, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => proxy.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    dir,
    async stop() {
      if (proxy.exitCode === null) {
        proxy.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
