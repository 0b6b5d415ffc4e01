import Papa from 'papaparse';
import type { AdminRegistration } from '../api/admin-registration';
import { displayName, shortId } from './registration-display';

/** Spreadsheets read the file as UTF-8 (ă, ș, ț, è...) only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/** The column headings and cell words, in the operator's language. */
export interface CsvLabels {
  /** name, user id, email, phone, event, time, registered, dreamed, dream */
  headers: readonly [string, string, string, string, string, string, string, string, string];
  yes: string;
  no: string;
  unknownName: string;
  /** The event's city in the operator's language (the registration records its slug). */
  eventName: (slug: string) => string;
}

/**
 * A cell that begins with = + - or @ would run as a formula in a spreadsheet; a leading single
 * quote makes it text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

export function registrationCsvRow(registration: AdminRegistration, labels: CsvLabels): string[] {
  return [
    displayName(registration) ?? labels.unknownName,
    shortId(registration.id),
    registration.email ?? '',
    registration.whatsapp ?? '',
    registration.event ? labels.eventName(registration.event) : '',
    registration.time ?? '',
    registration.createdAt ?? '',
    registration.dreamedCaptured ? labels.yes : labels.no,
    registration.dream ?? '',
  ].map(neutraliseCell);
}

/** The CSV text, BOM first: quotes doubled and fields quoted when they need it. */
export function registrationsCsv(registrations: AdminRegistration[], labels: CsvLabels): string {
  const csv = Papa.unparse(
    {
      fields: labels.headers.map(neutraliseCell),
      data: registrations.map((registration) => registrationCsvRow(registration, labels)),
    },
    { quotes: false, quoteChar: '"', escapeChar: '"', delimiter: ',', newline: '\r\n' },
  );
  return `${UTF8_BOM}${csv}`;
}

function slug(part: string): string {
  return (
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'slot'
  );
}

function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** e.g. registrations-2026-11-21.csv, registrations-bucharest-7-30pm-2026-11-21.csv */
export function exportFileName(scope: string[], date: Date): string {
  return ['registrations', ...scope.map(slug), isoDate(date)].join('-') + '.csv';
}

export type ExportScope =
  | { kind: 'all' }
  | { kind: 'event'; event: string }
  | { kind: 'slot'; event: string; time: string };

/** The registrations an export takes, in the list's order (newest first). */
export function registrationsInScope(
  registrations: AdminRegistration[],
  scope: ExportScope,
): AdminRegistration[] {
  if (scope.kind === 'all') return registrations;
  return registrations.filter(
    (registration) =>
      registration.event === scope.event &&
      (scope.kind === 'event' || registration.time === scope.time),
  );
}
