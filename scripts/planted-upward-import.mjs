/**
 * Shows that the arrows' lint refuses an import that runs back up: plants a file in
 * backend/src/config/ (the ground floor) that imports the registrations' domain, one in a
 * backend folder that is on no floor, and one in a frontend feature that imports another
 * feature, runs the same check as `npm run lint:arrows` on them, and removes them again. Passes
 * only when each is refused, naming its rule.
 *
 *   npm run lint:arrows:planted
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const planted = [
  {
    file: 'backend/src/config/planted-upward-import.ts',
    source:
      "import { normalizeText } from '../registrations/domain/registration-rules';\nexport const planted = normalizeText;\n",
    rule: 'config-imports-only-floors-below',
  },
  {
    file: 'backend/src/planted-unlisted-folder/planted.ts',
    source: "import { loadConfig } from '../config/config';\nexport const planted = loadConfig;\n",
    rule: 'backend-folders-stand-on-a-floor',
  },
  {
    file: 'frontend/src/features/language/planted-cross-feature-import.ts',
    source:
      "import * as content from '../content/pages/about-page';\nexport const planted = content;\n",
    rule: 'features-do-not-import-each-other',
  },
];
const plantedFolders = ['backend/src/planted-unlisted-folder'];

let failed = false;
try {
  for (const { file, source } of planted) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const result = spawnSync(
    'npx',
    [
      'depcruise',
      ...planted.map(({ file }) => file),
      '--config',
      '.dependency-cruiser.cjs',
      '--ignore-known',
      '--output-type',
      'err',
    ],
    { encoding: 'utf8' },
  );
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output);
  if (result.status === 0) {
    console.error('The planted imports passed the lint: the arrows are not enforced.');
    failed = true;
  }
  for (const { file, rule } of planted) {
    if (!output.includes(`${rule}: ${file}`)) {
      console.error(`${file} was not refused by ${rule}.`);
      failed = true;
    }
  }
} finally {
  for (const { file } of planted) rmSync(file, { force: true });
  for (const folder of plantedFolders) rmSync(folder, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('Every planted import was refused, each naming its rule.');
