/**
 * Which folder may import which: `npm run lint:arrows` (part of `npm run lint`, so of `make lint`).
 *
 * The backend is a house of floors. A folder imports only the floors below its own (and itself);
 * an import that runs up or sideways fails with the rule's name, `<folder>-imports-only-floors-below`.
 * The floors are written once, here, bottom up; the rules are made from them.
 *
 * Imports that broke a rule on the day the rules were written are listed one by one in
 * .dependency-cruiser-known-violations.json (each names its rule): they are the moves still to make,
 * and any import not on that list fails. Regenerate the list only when a move removes entries:
 *   npx depcruise backend/src frontend/src --config .dependency-cruiser.cjs \
 *     --output-type baseline --output-to .dependency-cruiser-known-violations.json
 */
const BACKEND_FLOORS = [
  ['config'],
  ['logging'],
  ['event-store'],
  ['database'],
  // Knows no feature: the locale, text normalisation, the domain error base, HTTP plumbing.
  ['common'],
  // Services every feature may use: the client's identity, per-stream keys (crypto-shredding).
  ['security', 'personal-data'],
  // Who is asking and what they may do, which every feature needs: the operators' sessions, roles
  // and permissions, the actor, the guards and @AdminOnly, and the operators' events, their fold
  // and their read model (the names the trails show). It reads an operator's name and email with
  // personal-data's keys and names a session's address as security's client identity does. The
  // operators' own use cases are in operators/, at the top.
  ['auth'],
  // The seat ledger: the one owner of slot_capacity (the slot's lock, seat limits and counts, the
  // capacity cache and the one LISTEN connection), used by the tour and the registrations alike.
  ['seat-ledger'],
  // The tour (tour/): its events, slots, prices and statuses, and the LiveTour every part reads.
  ['tour'],
  ['payments'],
  // The outbox, its workers' transport and the emails, rendered from the row's own facts (a row
  // queued before they were written reads them through the registrations' registered reader).
  ['notifications'],
  // The registrations' core: domain/, the store (with the emails it queues, their facts sealed),
  // the codec, the fold (projections/), and the queries more than one capability reads (the
  // capacity, a registration, the seat order, the console's lists, pages, history and feed).
  ['registrations'],
  // Checkout and refunds (registering, payments, refunds, holds, cancellations) and the
  // visitor's pages around them (the payment's result, the booking and its ticket): the
  // capabilities above stand on it.
  ['checkout'],
  // Capabilities beside each other: none imports another.
  // dreams/: the visitor's further dreams. booking-changes/: a booking moved to another slot or
  // handed on to someone else, by the visitor from their email or by an operator.
  ['waiting-list', 'operator-actions', 'day-of-show', 'dreams', 'booking-changes'],
  // The operators' module: signing in, step-up, their accounts, second factors and passkeys,
  // invitations and joining, the owner's management of operators and sessions, and their store.
  ['operators'],
];

/**
 * The top floor imports anything and nothing imports it: the app's wiring (main.ts, server.ts,
 * app.module.ts and the exception filter, the files at src/), health, metrics, the OpenAPI
 * document, backup, the site and the command-line tools.
 */
const TOP_FLOOR = ['health', 'metrics', 'openapi', 'backup', 'site', 'cli'];

const escape = (name) => name.replace(/[-/]/g, (c) => `\\${c}`);

/** A folder of backend/src that is on no floor: it would get no import rule at all. */
const UNLISTED_FOLDER = `^backend/src/(?!(${[...BACKEND_FLOORS.flat(), ...TOP_FLOOR]
  .map(escape)
  .join('|')})/)[^/]+/`;

function floorRules() {
  return BACKEND_FLOORS.flatMap((floor, level) => {
    const upstairs = [...BACKEND_FLOORS.slice(level).flat(), ...TOP_FLOOR];
    return floor.map((folder) => {
      const below = BACKEND_FLOORS.slice(0, level).flat();
      const forbidden = upstairs.filter((other) => other !== folder);
      return {
        name: `${folder}-imports-only-floors-below`,
        severity: 'error',
        comment:
          `backend/src/${folder}/ may import only ${folder}/ and the floors below it` +
          (below.length ? ` (${below.join(', ')})` : ' (none: it is the ground floor)') +
          '. Move what both need down, or call the owner through its API.',
        from: { path: `^backend/src/${escape(folder)}/` },
        to: {
          path: `^backend/src/(${[...forbidden.map(escape), '[^/]+\\.ts$'].join('|')})`,
        },
      };
    });
  });
}

module.exports = {
  forbidden: [
    ...floorRules(),
    {
      name: 'backend-folders-stand-on-a-floor',
      severity: 'error',
      comment:
        'Every folder of backend/src is on a floor: add it to BACKEND_FLOORS (or TOP_FLOOR) in .dependency-cruiser.cjs, where its place decides what it may import.',
      from: { path: UNLISTED_FOLDER },
      to: {},
    },
    {
      name: 'backend-folders-stand-on-a-floor',
      severity: 'error',
      comment:
        'Every folder of backend/src is on a floor: add it to BACKEND_FLOORS (or TOP_FLOOR) in .dependency-cruiser.cjs, where its place decides what may import it.',
      from: {},
      to: { path: UNLISTED_FOLDER },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules that import each other at run time (a type-only import is no arrow at run time): one of them belongs lower, or what both need does.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'migrations-are-frozen',
      severity: 'error',
      comment:
        'A migration carries the SQL and the values it needs: it imports no live code, so it stays what it was when the code moves on.',
      from: { path: '^backend/src/database/migrations/' },
      to: { path: '^backend/src/', pathNot: '^backend/src/database/migrations/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment:
        'A frontend feature imports no other feature: they meet in app/; what two share lives in components/ or lib/.',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'shared-pieces-know-no-feature',
      severity: 'error',
      comment:
        "The frontend's components/ and lib/ are shared: they import no feature and not app/.",
      from: { path: '^frontend/src/(components|lib)/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are arrows too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
