import { Injectable } from '@nestjs/common';
import { LiveTour } from '../../tour/live-tour';
import {
  TicketIssuer,
  type IssuedTicket,
  type TicketHolder,
} from '../../notifications/ticket-issuer';
import { holdsTicket, type RegistrationStatus } from '../../registrations/domain/registration';
import { signTicket, ticketValidUntil } from './ticket-code';
import { TicketKeys } from './ticket-keys';
import { ticketQrPng, ticketQrSvg } from './ticket-qr';

/**
 * How long after the end of the slot's day (midnight where the event is) a ticket still opens
 * the door: a show that starts late and a door phone whose clock is off.
 */
export const TICKET_VALIDITY_MARGIN_HOURS = 6;

/** QR images kept by code: Ed25519 signs deterministically, so a page polled gets one code. */
const QR_CACHE_SIZE = 500;

/**
 * Issues the tickets: every paid or confirmed seat has one, signed with the current key, valid
 * until the end of its slot's day (plus the margin). A ticket is made again whenever it is asked
 * for; the same registration's tickets all open the same door, and the door list names the
 * registrations whose tickets no longer do.
 */
@Injectable()
export class Tickets extends TicketIssuer {
  constructor(
    private readonly keys: TicketKeys,
    private readonly catalogue: LiveTour,
  ) {
    super();
  }

  /** When a slot's tickets stop being valid, as the tour has the slot now. */
  validUntil(event: string, time: string): Date | undefined {
    const found = this.catalogue.findSlot(event, time);
    const startsAt = this.catalogue.startOf(event, time);
    if (!found || !startsAt) return undefined;
    return ticketValidUntil(startsAt, found.event.timeZone, TICKET_VALIDITY_MARGIN_HOURS);
  }

  /** The ticket code of a registration, or null when it holds no ticket. */
  async codeFor(holder: TicketHolder): Promise<{ code: string; validUntil: Date } | null> {
    if (!holdsTicket(holder.status as RegistrationStatus)) return null;
    const validUntil = this.validUntil(holder.event, holder.time);
    if (!validUntil) return null;
    const { current } = await this.keys.keyRing();
    const code = signTicket(
      {
        r: holder.registrationId,
        e: holder.event,
        s: holder.time,
        u: Math.floor(validUntil.getTime() / 1000),
      },
      current,
    );
    return { code, validUntil };
  }

  private readonly images = new Map<string, Promise<{ qrPng: Buffer; qrSvg: string }>>();

  async ticketFor(holder: TicketHolder): Promise<IssuedTicket | null> {
    const ticket = await this.codeFor(holder);
    if (!ticket) return null;
    return { ...ticket, ...(await this.imagesOf(ticket.code)) };
  }

  private imagesOf(code: string): Promise<{ qrPng: Buffer; qrSvg: string }> {
    let images = this.images.get(code);
    if (!images) {
      images = Promise.all([ticketQrPng(code), ticketQrSvg(code)]).then(([qrPng, qrSvg]) => ({
        qrPng,
        qrSvg,
      }));
      images.catch(() => this.images.delete(code));
      if (this.images.size >= QR_CACHE_SIZE) {
        this.images.delete(this.images.keys().next().value!);
      }
      this.images.set(code, images);
    }
    return images;
  }
}
