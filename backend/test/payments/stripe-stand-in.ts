import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form-encoded body, decoded into its keys (Stripe's bracket notation kept). */
  form: Record<string, string>;
}

export type StandInReply = { status: number; body: unknown };
/** A route answers at once, or later (a provider that stalls). */
export type StandInRoute = (
  request: ReceivedRequest,
) => StandInReply | Promise<StandInReply> | undefined;

/**
 * A small local HTTP server that speaks enough of Stripe's API for the SDK (STRIPE_API_URL
 * points at it): it records every request and answers what the test says.
 */
export class StripeStandIn {
  readonly requests: ReceivedRequest[] = [];
  private routes: StandInRoute[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((incoming, outgoing) => {
      let body = '';
      incoming.on('data', (chunk) => (body += String(chunk)));
      incoming.on('end', () => {
        const url = new URL(incoming.url ?? '/', 'http://stand-in');
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body)) form[key] = value;
        const request: ReceivedRequest = {
          method: incoming.method ?? 'GET',
          path: url.pathname,
          headers: incoming.headers,
          form,
        };
        this.requests.push(request);
        const requestNumber = this.requests.length;
        let answer: StandInReply | Promise<StandInReply> | undefined;
        for (const route of this.routes) {
          answer = route(request);
          if (answer) break;
        }
        void Promise.resolve(
          answer ?? {
            status: 404,
            body: {
              error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
            },
          },
        ).then((reply) => {
          outgoing.writeHead(reply.status, {
            'content-type': 'application/json',
            'request-id': `req_${requestNumber}`,
          });
          outgoing.end(JSON.stringify(reply.body));
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Routes are tried newest first. */
  on(route: StandInRoute): void {
    this.routes.unshift(route);
  }

  reset(): void {
    this.requests.length = 0;
    this.routes = [];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

/** A Stripe-shaped checkout session as the API would answer it. */
export function stripeSession(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'cs_test_a1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: 3500,
    currency: 'ron',
    payment_intent: null,
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
    expires_at: Math.floor(Date.now() / 1000) + 1800,
    ...overrides,
  };
}

/** Answers session creation with ids numbered per request. */
export function answerSessionCreation(standIn: StripeStandIn): void {
  let count = 0;
  standIn.on((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/checkout/sessions') return undefined;
    count += 1;
    const id = `cs_test_${count}_${request.form.client_reference_id?.slice(0, 8)}`;
    return {
      status: 200,
      body: stripeSession({
        id,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        client_reference_id: request.form.client_reference_id,
        expires_at: Number(request.form.expires_at),
      }),
    };
  });
}
