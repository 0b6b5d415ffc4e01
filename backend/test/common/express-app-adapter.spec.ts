import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { appsOnOwnDatabase } from '../test-app';
import { request } from '../http';

describe('the HTTP server (ExpressAppAdapter)', () => {
  const running = appsOnOwnDatabase();

  it("makes each request and answer on the app's own prototypes, before Express sees them", async () => {
    const [app] = running.apps;
    const express = app.app.getHttpAdapter().getInstance() as Express;
    const server = app.app.getHttpServer() as Server;
    const seen: string[] = [];
    const look = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
      seen.push(
        `${Object.getPrototypeOf(incoming) === express.request} ${Object.getPrototypeOf(outgoing) === express.response}`,
      );
    };
    server.prependListener('request', look);
    try {
      const capacity = await request(app.url, 'GET', '/api/capacity');
      expect(capacity.status).toBe(200);
      const refused = await request(app.url, 'POST', '/api/create-checkout-session', {});
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(expect.any(Array));
      const document = await fetch(`${app.url}/api/docs/openapi.json`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(document.status).toBe(200);
      expect(document.headers.get('content-encoding')).toBe('gzip');
      expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      server.off('request', look);
    }
    expect(seen).toEqual(['true true', 'true true', 'true true']);
  });
});
