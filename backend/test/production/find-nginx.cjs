// Where the nginx for the test of deploy/nginx.conf is: NGINX_PATH, or the usual places, or
// the PATH. Shared by the test (nginx.spec.ts) and `make test`'s installer (install-nginx.mjs).
const { existsSync } = require('node:fs');
const { delimiter, join } = require('node:path');

const USUAL = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/** { path } of an nginx, { problem } when NGINX_PATH names none, or {} when there is none. */
function findNginx() {
  const named = process.env.NGINX_PATH;
  if (named)
    return existsSync(named) ? { path: named } : { problem: `NGINX_PATH=${named} is not a file` };
  const onPath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx'));
  const found = [...USUAL, ...onPath].find((candidate) => existsSync(candidate));
  return found ? { path: found } : {};
}

module.exports = { findNginx };
