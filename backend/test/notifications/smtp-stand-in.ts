import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** The Message-ID a received message carries (`<…>`), if any. */
export function messageIdOf(mail: ReceivedMail): string | undefined {
  return /^Message-ID: *(<[^>]+>)/im.exec(mail.data)?.[1];
}

/**
 * Just enough of an SMTP server (no TLS, no auth) to receive what nodemailer sends; with
 * `replyDelayMs`, each of its answers leaves that long after the command (a server across a
 * network, as a mail provider is).
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  /** performance.now() as each message of `received` was taken. */
  readonly receivedAt: number[] = [];
  /** Messages whose DATA arrived but were never acknowledged (hangAfter). */
  readonly unacknowledged: ReceivedMail[] = [];
  /** Connections opened so far, and the most that were open at the same time. */
  sessions = 0;
  mostOpenAtOnce = 0;
  private readonly sockets = new Set<Socket>();

  /** After this many messages, take the next message's data and never answer. */
  constructor(
    private readonly hangAfter = Infinity,
    private readonly replyDelayMs = 0,
  ) {}

  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private session(socket: Socket): void {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    this.sessions += 1;
    this.sockets.add(socket);
    this.mostOpenAtOnce = Math.max(this.mostOpenAtOnce, this.sockets.size);
    socket.on('close', () => this.sockets.delete(socket));
    const reply = (text: string, end = false) => {
      const send = () => (end ? socket.end(text) : socket.write(text));
      if (this.replyDelayMs > 0) setTimeout(send, this.replyDelayMs);
      else send();
    };
    reply('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (this.received.length >= this.hangAfter) {
            this.unacknowledged.push(mail);
            return;
          }
          this.received.push(mail);
          this.receivedAt.push(performance.now());
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250-stand-in\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') {
          mail.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 OK\r\n');
        } else if (command === 'RCPT') {
          mail.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          reply('250 OK\r\n');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          reply('221 bye\r\n', true);
          return;
        } else reply('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  }

  /** Stops listening and drops the connections still open (a client's pooled ones). */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
