// Measures the JavaScript the home route loads before anything is clicked: the entry chunk and
// every chunk it imports statically (lazy routes and on-demand chunks are listed apart).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
  (match) => match[1],
);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
const QUOTE = `["'\x60]`;
const STATIC_IMPORT = new RegExp(
  `(?:import|export)\\s*(?:[\\w*{}\\s,$]*from\\s*)?${QUOTE}(\\./[^"'\x60]+\\.js)${QUOTE}`,
  'g',
);
const DYNAMIC_IMPORT = new RegExp(`import\\(${QUOTE}(\\./[^"'\x60]+\\.js)${QUOTE}\\)`, 'g');
const importsOf = (file, pattern) => {
  const code = readFileSync(join(dist, file), 'utf8');
  return [...code.matchAll(pattern)].map((match) => join(dirname(file), match[1]));
};
const staticImports = (file) => importsOf(file, STATIC_IMPORT);
const dynamicImports = (file) => importsOf(file, DYNAMIC_IMPORT);

const initial = new Set();
const queue = [...entries, ...preloads];
while (queue.length) {
  const file = queue.shift();
  if (initial.has(file)) continue;
  initial.add(file);
  queue.push(...staticImports(file));
}
const onDemand = new Set([...initial].flatMap(dynamicImports).filter((file) => !initial.has(file)));

// main.tsx loads the visitor's catalogue before the first render: count the largest one.
const catalogues = [...onDemand].filter((file) => /_catalogue-/.test(file) && !/admin/.test(file));
const catalogue = catalogues.sort((a, b) => gzipKb(b) - gzipKb(a))[0];
const toaster = [...onDemand].find((file) => /\/toaster-/.test(file));

let total = 0;
console.log('Home route, loaded before the first render (gzip):');
for (const file of [...initial, ...(catalogue ? [catalogue] : [])]) {
  const size = gzipKb(file);
  total += size;
  console.log(`  ${size.toFixed(2).padStart(7)} KB  ${file}`);
}
console.log(`  ${total.toFixed(2).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
if (toaster) {
  const withToaster = total + gzipKb(toaster);
  console.log(
    `  ${withToaster.toFixed(2).padStart(7)} KB  with the toast code, loaded by the first toast`,
  );
}
console.log('Other chunks, loaded on demand (gzip):');
for (const file of onDemand) {
  if (file !== catalogue) console.log(`  ${gzipKb(file).toFixed(2).padStart(7)} KB  ${file}`);
}
// Strict: the budget holds even once the first toast has brought in the toast code.
const worst = total + (toaster ? gzipKb(toaster) : 0);
if (worst > BUDGET_KB) {
  console.error(`The home route's JavaScript is over budget: ${worst.toFixed(2)} KB gzip`);
  process.exit(1);
}
