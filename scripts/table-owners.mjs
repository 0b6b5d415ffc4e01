/**
 * Which folder owns which table: `npm run lint:tables` (part of `npm run lint`, so of `make lint`).
 *
 * A module owns its tables: only the owner's files name a table in SQL (FROM, JOIN, INTO,
 * UPDATE, DELETE FROM, TABLE <name>, in either case, outside comments); others call the owner's
 * functions. The owners are written
 * once, here (TABLE_OWNERS); docs/architecture.md's ownership sketch is checked equal to them. Scans
 * backend/src/**\/*.ts except database/migrations/ (frozen, they carry their own SQL) and
 * backup/ (which reads and writes every table), and fails naming the file, the table and its
 * owner. Every table the migrations create must have an owner here.
 *
 *   npm run lint:tables
 *   npm run lint:tables:planted   (plants reads of registration_view in config/: must fail)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Table → the folder (under backend/src/) that owns it, or the folders sharing it by row. */
export const TABLE_OWNERS = {
  events: 'event-store',
  personal_data_keys: 'personal-data',
  rate_limit_counters: 'security',
  admin_sessions: 'auth',
  operator_view: 'auth',
  operator_credentials: 'operators',
  operator_recovery_codes: 'operators',
  operator_passkeys: 'operators',
  webauthn_challenges: 'operators',
  idempotency_keys: 'common',
  slot_capacity: 'seat-ledger',
  tour_view: 'tour',
  tour_event_view: 'tour',
  tour_slot_view: 'tour',
  sandbox_checkout_sessions: 'payments',
  sandbox_refunds: 'payments',
  outbox: 'notifications',
  registration_view: 'registrations',
  money_movements: 'registrations',
  processed_provider_events: 'checkout',
  admin_login_failures: 'operators',
  // One row a setting, each its owner's: the links' secret, the sandbox's webhook secret, the
  // ticket keys.
  app_settings: ['notifications', 'payments', 'day-of-show/tickets'],
};

/**
 * Reads still made outside the owner, one by one (file, table, why): the moves still to make.
 * Any other read outside the owner fails.
 */
export const KNOWN_EXCEPTIONS = [];

const ROOT = join(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'backend', 'src');
const SKIPPED = ['database/migrations/', 'backup/'];
// SQL's keywords in either case (`select … from events` is SQL too), in the code outside its
// comments, where prose says "read from registration_view" of a table the file does not touch.
const SQL_TABLE =
  /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+|IF\s+(?:NOT\s+)?EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The text without its comments (block and line; a `//` after a colon is a URL's, kept). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
}

function ownersOf(table) {
  const owner = TABLE_OWNERS[table];
  return Array.isArray(owner) ? owner : [owner];
}

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The backend's files the check reads: { file (relative to backend/src, with /), text }. */
export function backendFiles() {
  return [...sourceFiles(SOURCE)]
    .map((path) => relative(SOURCE, path).split(sep).join('/'))
    .filter((file) => !SKIPPED.some((skipped) => file.startsWith(skipped)))
    .map((file) => ({ file, text: readFileSync(join(SOURCE, file), 'utf8') }));
}

/** Every (file, table, owner) where a file names in SQL a table its folder does not own. */
export function violations(files) {
  const found = [];
  for (const { file, text } of files) {
    const tables = new Set(
      [...withoutComments(text).matchAll(SQL_TABLE)].map((match) => match[1].toLowerCase()),
    );
    for (const table of tables) {
      if (!Object.hasOwn(TABLE_OWNERS, table)) continue;
      const owners = ownersOf(table);
      if (owners.some((owner) => file.startsWith(`${owner}/`))) continue;
      if (KNOWN_EXCEPTIONS.some((known) => known.file === file && known.table === table)) continue;
      found.push({ file, table, owner: owners.join(', ') });
    }
  }
  return found;
}

/** Tables the migrations create without an owner here, and owners of tables never created. */
function unmappedTables() {
  const migrations = join(SOURCE, 'database', 'migrations');
  const created = new Set();
  for (const path of sourceFiles(migrations)) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(
      /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/g,
    )) {
      created.add(match[1]);
    }
  }
  return [
    ...[...created]
      .filter((table) => !Object.hasOwn(TABLE_OWNERS, table))
      .map(
        (table) =>
          `${table} is created by a migration but has no owner in scripts/table-owners.mjs`,
      ),
    ...Object.keys(TABLE_OWNERS)
      .filter((table) => !created.has(table))
      .map(
        (table) => `${table} has an owner in scripts/table-owners.mjs but no migration creates it`,
      ),
  ];
}

/** Where docs/architecture.md's ownership sketch and TABLE_OWNERS differ. */
function readmeDifferences() {
  const readme = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const sketch = readme.match(/```\nfloor \(bottom up\)\s+tables it owns[^\n]*\n([\s\S]*?)```/);
  if (!sketch)
    return ["docs/architecture.md has no ownership sketch ('floor (bottom up)  tables it owns')"];
  const listed = new Map();
  // Rows `  <folder>/   <table>, <table>, …` (continued on lines that start blank), and rows
  // `  <table>   <which owners>` for a table shared by row.
  let owner;
  for (const line of sketch[1].split('\n')) {
    const row = line.match(/^ {2}(\S+?)\/?\s{2,}(.*)$/);
    const continued = line.match(/^\s{4,}(\S.*)$/);
    if (row) owner = row[1];
    else if (!continued) continue;
    if (Object.hasOwn(TABLE_OWNERS, owner)) {
      listed.set(owner, ownersOf(owner).join(', '));
      continue;
    }
    const tables = (row ? row[2] : continued[1]).split(',');
    for (const table of tables.map((name) => name.trim()).filter(Boolean)) {
      listed.set(table, owner);
    }
  }
  const differences = [];
  for (const table of Object.keys(TABLE_OWNERS)) {
    if (!listed.has(table))
      differences.push(`docs/architecture.md's ownership sketch does not list ${table}`);
    else if (!Array.isArray(TABLE_OWNERS[table]) && listed.get(table) !== TABLE_OWNERS[table]) {
      differences.push(
        `docs/architecture.md gives ${table} to ${listed.get(table)}/, the map to ${TABLE_OWNERS[table]}/`,
      );
    }
  }
  for (const table of listed.keys()) {
    if (!Object.hasOwn(TABLE_OWNERS, table))
      differences.push(`docs/architecture.md lists ${table}, which has no owner in the map`);
  }
  return differences;
}

function report(found) {
  for (const { file, table, owner } of found) {
    console.error(
      `table-owned-by-another-folder: backend/src/${file} names ${table} in SQL, which ${owner}/ owns`,
    );
  }
}

const planted = process.argv.includes('--planted');
if (planted) {
  // A read in upper case, one in lower case, and a comment that only names the table.
  const plants = [
    {
      file: 'config/planted-table-read.ts',
      text: "export const planted = 'SELECT id FROM registration_view WHERE id = $1';\n",
    },
    {
      file: 'config/planted-lower-case-read.ts',
      text: "export const planted = 'select id from registration_view where id = $1';\n",
    },
    {
      file: 'config/planted-comment.ts',
      text: '/** Read from registration_view by its owner. */\nexport const planted = 1;\n',
    },
  ];
  const found = violations(plants);
  report(found);
  const refused = (file) =>
    found.some(
      (item) =>
        item.file === file && item.table === 'registration_view' && item.owner === 'registrations',
    );
  if (!refused(plants[0].file) || !refused(plants[1].file)) {
    console.error('A planted read of registration_view passed: table ownership is not enforced.');
    process.exit(1);
  }
  if (refused(plants[2].file)) {
    console.error('A comment naming registration_view was taken for SQL.');
    process.exit(1);
  }
  console.log(
    'The planted reads of registration_view (upper and lower case) were refused, naming its owner; the comment passed.',
  );
} else {
  const found = violations(backendFiles());
  const problems = [...unmappedTables(), ...readmeDifferences()];
  report(found);
  for (const problem of problems) console.error(problem);
  if (found.length > 0 || problems.length > 0) process.exit(1);
}
