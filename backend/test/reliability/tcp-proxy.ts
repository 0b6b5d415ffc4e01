import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL that a test can break as a network would:
 * `stall()` keeps every connection open and forwards nothing (new ones are accepted and left
 * silent too), `close()` cuts every connection and every new one at once, `heal()` forwards
 * again (what was held back during a stall flows on). `forget()` ends a stall as a firewall or
 * NAT that lost its state would: the connections open now stay open and silent for good (what
 * was held back for them is lost), new ones are forwarded.
 */
export class TcpProxy {
  private mode: 'forward' | 'stall' | 'closed' = 'forward';
  private readonly pairs = new Set<[Socket, Socket]>();
  /** What a stall held back, in order, for heal() to send on. */
  private readonly held: [Socket, Buffer][] = [];
  /** The connections forget() left silent: nothing is forwarded to or from them again. */
  private readonly forgotten = new WeakSet<Socket>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the proxy has no port');
    const proxy = new TcpProxy(server, address.port);
    server.on('connection', (client) => proxy.accept(client, target));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  get connections(): number {
    return this.pairs.size;
  }

  stall(): void {
    this.mode = 'stall';
  }

  close(): void {
    this.mode = 'closed';
    for (const [client, server] of this.pairs) {
      client.destroy();
      server.destroy();
    }
    this.pairs.clear();
    this.held.length = 0;
  }

  heal(): void {
    this.mode = 'forward';
    for (const [to, chunk] of this.held.splice(0)) if (!to.destroyed) to.write(chunk);
  }

  forget(): void {
    for (const [client, server] of this.pairs) {
      this.forgotten.add(client);
      this.forgotten.add(server);
    }
    this.held.length = 0;
    this.mode = 'forward';
  }

  async stop(): Promise<void> {
    this.close();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    if (this.mode === 'closed') {
      client.destroy();
      return;
    }
    const server = createConnection(target);
    const pair: [Socket, Socket] = [client, server];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (this.forgotten.has(to)) return;
      if (this.mode === 'forward') to.write(chunk);
      else this.held.push([to, chunk]);
    };
    client.on('data', forward(server));
    server.on('data', forward(client));
  }
}
