import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form-encoded body, decoded into its keys (Stripe's bracket notation kept). */
  form: Record<string, string>;
  /** The query string's parameters (a GET's), in the same notation. */
  query: Record<string, string>;
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
          query: Object.fromEntries(url.searchParams),
        };
        this.requests.push(request);
        const requestNumber = this.requests.length;
        let answer: StandInReply | Promise<StandInReply> | undefined;
        for (const route of [...this.routes, ...BOOKS]) {
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

/** The fee the stand-in's books report for every payment: 1.28 RON. */
export const STAND_IN_FEE = { fee: 128, currency: 'ron' };

/**
 * Where a payment and its refunds sit in the stand-in's books, answered when no test route says
 * otherwise: a payment intent pi_X has the charge ch_X and the balance transaction txn_X (with
 * STAND_IN_FEE); its refunds list names re_X (balance transaction txn_re_X).
 */
const BOOKS: StandInRoute[] = [
  (request) => {
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method !== 'GET' || !intent) return undefined;
    return {
      status: 200,
      body: {
        id: intent,
        object: 'payment_intent',
        status: 'succeeded',
        latest_charge: {
          id: `ch_${intent}`,
          object: 'charge',
          payment_intent: intent,
          balance_transaction: {
            id: `txn_${intent}`,
            object: 'balance_transaction',
            ...STAND_IN_FEE,
          },
        },
      },
    };
  },
  (request) => {
    if (request.method !== 'GET' || request.path !== '/v1/refunds') return undefined;
    const intent = request.query.payment_intent;
    return {
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        url: '/v1/refunds',
        data: intent
          ? [
              {
                id: `re_${intent}`,
                object: 'refund',
                payment_intent: intent,
                charge: `ch_${intent}`,
                balance_transaction: `txn_re_${intent}`,
                status: 'succeeded',
              },
            ]
          : [],
      },
    };
  },
];

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
