/**
 * What the messages and the visitor's pages need of tickets, which are made above this floor
 * (day-of-show/tickets): the ticket of a registration, when it has one. Declared here, where its
 * lowest user (the confirmation email) lives, and provided by the tickets module.
 */
export interface TicketHolder {
  registrationId: string;
  event: string;
  time: string;
  /** The registration's status, as its fold has it. */
  status: string;
}

export interface IssuedTicket {
  /** What the QR code holds: `T1.<payload>.<signature>`. */
  code: string;
  validUntil: Date;
  /** The QR code as a PNG, for an email's inline image. */
  qrPng: Buffer;
  /** The QR code as an SVG document, for a page. */
  qrSvg: string;
}

export abstract class TicketIssuer {
  /** The registration's ticket, or null when it has none (not paid or confirmed, slot unknown). */
  abstract ticketFor(holder: TicketHolder, now?: Date): Promise<IssuedTicket | null>;
}
