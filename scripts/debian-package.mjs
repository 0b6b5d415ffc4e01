// What `make test`'s installers share (frontend/e2e/install-chromium.mjs for the browser tests,
// backend/test/production/install-nginx.mjs for the test of deploy/nginx.conf): a command run
// with its output shown, and a Debian package installed through apt when run as root on Debian.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { platform } from 'node:os';

/** Runs `command`, its output on the console; true when it exited 0. */
export function run(command, args, env = process.env) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status === 0;
}

export function isRootOnDebian() {
  return platform() === 'linux' && process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

/** `apt-get install` of one package, without recommends; true when apt succeeded. */
export function aptInstall(name) {
  // Waits for another apt (another checkout installing a package) instead of failing.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (
    run('apt-get', [...wait, 'update', '-qq'], env) &&
    run('apt-get', [...wait, 'install', '-y', '-qq', '--no-install-recommends', name], env)
  );
}
