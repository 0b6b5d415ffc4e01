import type { DoorState, RegistrationStatus } from '../../domain/registration';
import { shortIdOf } from '../../domain/registration-id';
import type { PersonAndSlotColumns, RegistrationViewRow } from '../registration-view-row';

/** Spreadsheets read the file as UTF-8 (ă, ș, ț, è...) only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/** The column headings and cell words, in the operator's language (from the site's catalogue). */
export interface CsvLabels {
  /**
   * name, user id, email, phone, event, time, registered, dreamed, dream (SPEC's nine), then
   * status, paid, language, shared dreams, door
   */
  headers: readonly string[];
  yes: string;
  no: string;
  unknownName: string;
  /** The event's city in the operator's language (a registration records the event's slug). */
  eventName: (slug: string) => string;
  /** The slot by its current start, in the event's zone and the operator's language. */
  slotName: (slug: string, time: string) => string;
}

/** What one CSV row is written from: who registered and for which slot, as the list reads it. */
export interface CsvRegistration extends Pick<RegistrationViewRow, PersonAndSlotColumns> {
  createdAt: Date;
  dreamedCaptured: boolean;
  dream: string | null;
  /** The domain's word: held, offered, paid, waiting, confirmed, cancelled, released, refunded. */
  status: RegistrationStatus;
  /** Money is held for the seat now (a refund turns it off). */
  paid: boolean;
  locale: string;
  sharedDreams: number;
  /** Where a paid or confirmed seat stands at the door; null without a ticket. */
  door: DoorState | null;
}

/**
 * A cell that begins with = + - or @ would run as a formula in a spreadsheet; a leading single
 * quote makes it text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/** Quoted when it holds a comma, a quote, a line break or a BOM, or starts or ends with a space. */
export function csvField(value: string): string {
  const escaped = value.replace(/"/g, '""');
  return /[",\r\n\uFEFF]/.test(value) || value.startsWith(' ') || value.endsWith(' ')
    ? `"${escaped}"`
    : escaped;
}

function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => csvField(neutraliseCell(cell))).join(',');
}

/** The header line, BOM first. Lines are joined by CRLF: each row starts with one. */
export function csvHeader(labels: CsvLabels): string {
  return `${UTF8_BOM}${csvLine(labels.headers)}`;
}

export function csvRow(registration: CsvRegistration, labels: CsvLabels): string {
  return `\r\n${csvLine([
    registration.name?.trim() || labels.unknownName,
    shortIdOf(registration.id),
    registration.email ?? '',
    registration.whatsapp ?? '',
    labels.eventName(registration.event),
    labels.slotName(registration.event, registration.time),
    registration.createdAt.toISOString(),
    registration.dreamedCaptured ? labels.yes : labels.no,
    registration.dream ?? '',
    registration.status,
    registration.paid ? labels.yes : labels.no,
    registration.locale,
    String(registration.sharedDreams),
    registration.door ?? '',
  ])}`;
}
