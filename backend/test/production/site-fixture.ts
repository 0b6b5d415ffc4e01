import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/**
 * A built site shaped like Vite's output (index.html loading a module script and a stylesheet
 * from /assets, an image as a data: URI, a call to the API), so the tests do not depend on a
 * frontend build being present.
 */
export function writeSiteFixture(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'ticketing-site-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Dream Darkroom</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-test.css">
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  writeFileSync(
    path.join(dist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-test.css'), '#root { color: rgb(1, 2, 3); }\n');
  writeFileSync(
    path.join(dist, 'assets', 'index-test.js'),
    `const root = document.getElementById('root');
const image = new Image();
image.src = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
image.alt = 'pixel';
root.append(image);
const status = document.createElement('p');
status.id = 'status';
root.append(status);
// React sets style properties through the CSSOM, which a style-src without 'unsafe-inline' allows.
status.style.fontWeight = '700';
fetch('/api/capacity')
  .then((response) => response.json())
  .then((capacity) => { status.textContent = 'rendered ' + Object.keys(capacity).join(','); })
  .catch((error) => { status.textContent = 'failed ' + error; });
`,
  );
  return dist;
}
