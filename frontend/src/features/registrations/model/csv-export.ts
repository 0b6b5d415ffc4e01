import type { RegistrationFilter } from '../api/get-registration-page';

/**
 * The column headings and cell words of the CSV file, in the operator's language. The server
 * writes the file (streamed, with a UTF-8 BOM, quotes doubled and formulas neutralised) with
 * these words, so the catalogue stays their one source.
 */
export interface CsvLabels {
  /** name, user id, email, phone, event, time, registered, dreamed, dream, status, paid, language, shared dreams, door */
  headers: readonly [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  yes: string;
  no: string;
  unknownName: string;
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
  | { kind: 'view'; filter: RegistrationFilter }
  | { kind: 'event'; event: string }
  | { kind: 'slot'; event: string; time: string };

/** The list's filter an export writes the rows of. */
export function scopeFilter(scope: ExportScope): RegistrationFilter {
  switch (scope.kind) {
    case 'all':
      return {};
    case 'view':
      return scope.filter;
    case 'event':
      return { event: scope.event };
    case 'slot':
      return { event: scope.event, time: scope.time };
  }
}
