import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** Stable per outbox row, so a message sent twice is recognisably the same message. */
  messageId: string;
  from: string;
  /**
   * The recipient as a structured value: the mail library writes it as it is, and never re-reads
   * the address as text that could hold another address or a display name.
   */
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `cid`: an inline image the HTML part shows as `cid:<cid>`. */
  attachments: { filename: string; content: string | Buffer; contentType: string; cid?: string }[];
}

/** Where messages go: SMTP in production, files for a developer otherwise. */
export abstract class MailTransport {
  abstract readonly description: string;
  abstract send(mail: OutgoingMail): Promise<void>;
  /**
   * Erasure: removes every copy of a registration's (or an operator's) messages this transport
   * keeps (what left through SMTP is in the provider's and the recipient's hands, not here).
   */
  async eraseCopiesOf(_recipientId: string): Promise<void> {}
  /**
   * Whether it keeps copies of what it sends, for eraseCopiesOf to remove: the outbox then checks
   * after each send whether the recipient was erased meanwhile (SMTP keeps none: no check).
   */
  get keepsCopies(): boolean {
    return false;
  }
  close(): void {}
  /** How many messages the outbox may hand it at once. */
  get concurrency(): number {
    return 1;
  }
}

/** The SMTP connections a process keeps open at most, and so the messages it sends at once. */
export const SMTP_CONNECTIONS = 4;

/** How long an SMTP server may take: to connect, to greet, and between answers. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 20_000, greetingMs: 20_000, socketMs: 60_000 };

/**
 * nodemailer's options for SMTP_URL: a pool of up to `connections` connections kept open between
 * messages (each closed after 30 s idle, or after 100 messages), the timeouts as the transport's
 * own (createTransport's second argument would be the messages' defaults, where timeouts mean
 * nothing), the URL's own settings over them.
 */
export function smtpTransportOptions(
  smtpUrl: string,
  connections = SMTP_CONNECTIONS,
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
) {
  return {
    url: smtpUrl,
    pool: true as const,
    maxConnections: connections,
    maxMessages: 100,
    idleTimeout: 30_000,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  };
}

/**
 * Sends through an SMTP server (SMTP_URL), e.g. smtps://user:pass@smtp.example.com:465, over
 * the pool of smtpTransportOptions: a rush's waiting-list emails go several at a time, each
 * without a new connection's handshake and login.
 */
export class SmtpMailTransport extends MailTransport {
  readonly description: string;
  private readonly transporter: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    readonly connections = SMTP_CONNECTIONS,
    timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
  ) {
    super();
    const url = new URL(smtpUrl);
    this.description = `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    this.transporter = nodemailer.createTransport(
      smtpTransportOptions(smtpUrl, connections, timeouts),
    );
  }

  override get concurrency(): number {
    return this.connections;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ ...mail });
  }

  override close(): void {
    this.transporter.close();
  }
}

/**
 * Writes each message as an .eml file under a folder (DATA_DIR/outbox), so a developer can
 * open what would have been sent. A message written twice overwrites its own file.
 */
export class FileMailTransport extends MailTransport {
  readonly description: string;
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(readonly directory: string) {
    super();
    this.description = `.eml files in ${directory}`;
  }

  override get keepsCopies(): boolean {
    return true;
  }

  fileFor(messageId: string): string {
    return path.join(this.directory, `${messageId.replace(/[^A-Za-z0-9._-]+/g, '_')}.eml`);
  }

  /**
   * Every message's file name holds its recipient's id, a registration's or an operator's (the
   * Message-ID does, see outboxMessageId), and so does a file still being written.
   */
  override async eraseCopiesOf(recipientId: string): Promise<void> {
    let files: string[];
    try {
      files = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(
      files
        .filter((file) => file.includes(recipientId))
        .map((file) => rm(path.join(this.directory, file), { force: true })),
    );
  }

  /**
   * The folder is made when a message finds it missing (the first, or one after the folder was
   * removed), not looked for before each message.
   */
  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.composer.sendMail({ ...mail });
    const message = (info as unknown as { message: Buffer }).message;
    const file = this.fileFor(mail.messageId);
    const partial = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(partial, message);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.directory, { recursive: true });
      await writeFile(partial, message);
    }
    await rename(partial, file);
  }
}
