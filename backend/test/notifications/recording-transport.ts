import { MailTransport, type OutgoingMail } from '../../src/notifications/mail-transport';

/** Keeps every message it is given, in the order given, and sends none; keeps no copies. */
export class RecordingTransport extends MailTransport {
  readonly description = 'recording';
  readonly sent: OutgoingMail[] = [];

  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
}
