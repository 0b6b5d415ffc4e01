// `make test` runs this before the backend's tests: the test of deploy/nginx.conf (nginx.spec.ts)
// loads it in a real nginx. It finds nginx as the test does (find-nginx.cjs) and, when there is
// none, installs Debian's nginx through apt when run as root on Debian. Elsewhere, or when
// that fails, it says which command installs one, and the test is skipped with a warning.
import { createRequire } from 'node:module';
import { aptInstall, isRootOnDebian } from '../../../scripts/debian-package.mjs';

const require = createRequire(import.meta.url);
const { findNginx } = require('./find-nginx.cjs');

const before = findNginx();
if (before.path) {
  console.log(`nginx for the test of deploy/nginx.conf: ${before.path}`);
} else if (before.problem) {
  console.error(`${before.problem}: point it at an nginx, or unset it to search the usual places`);
  process.exitCode = 1;
} else if (isRootOnDebian()) {
  console.log('No nginx for the test of deploy/nginx.conf: installing one');
  const installed = aptInstall('nginx');
  if (!installed || !findNginx().path) {
    // Not a reason to stop every other test: this one says it was skipped, and why.
    console.warn(
      'Could not install nginx: the test of deploy/nginx.conf in a real nginx will be skipped. ' +
        'Run `sudo apt-get install nginx` to run it.',
    );
  }
} else {
  console.warn(
    'No nginx: the test of deploy/nginx.conf in a real nginx will be skipped. ' +
      'Install one (e.g. `sudo apt-get install nginx`, or set NGINX_PATH) to run it.',
  );
}
