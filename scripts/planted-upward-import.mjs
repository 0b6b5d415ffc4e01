/**
 * Shows that the arrows' lint refuses an import that runs back up: plants a file in
 * backend/src/config/ (the ground floor) that imports the registrations' domain, and one in a
 * frontend feature that imports another feature, runs the same check as `npm run lint:arrows`
 * on them, and removes them again. Passes only when both are refused, each naming its rule.
 *
 *   npm run lint:arrows:planted
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';

const planted = [
  {
    file: 'backend/src/config/planted-upward-import.ts',
    source:
      "import { normalizeText } from '../registrations/domain/registration-rules';\nexport const planted = normalizeText;\n",
    rule: 'config-imports-only-floors-below',
  },
  {
    file: 'frontend/src/features/language/planted-cross-feature-import.ts',
    source: "import * as admin from '../admin/api/admin-keys';\nexport const planted = admin;\n",
    rule: 'features-do-not-import-each-other',
  },
];

let failed = false;
try {
  for (const { file, source } of planted) writeFileSync(file, source);
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
}
if (failed) process.exit(1);
console.log('Both planted imports were refused, each naming its rule.');
