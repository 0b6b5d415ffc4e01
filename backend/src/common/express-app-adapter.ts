import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * Nest's Express adapter, on an HTTP server that makes each request and answer with the app's
 * own prototypes (`app.request`, `app.response`) from the start.
 *
 * Express gives every request and answer its app's prototypes with `Object.setPrototypeOf`
 * (`app.handle`). Node 20's V8 keeps no shared hidden class for an object whose prototype was
 * changed: every property that Express, Nest and the app's steps then add to a request or an
 * answer makes a new one, so every access to them misses its inline cache and V8 looks the
 * property up the slow way (a capacity read ran 840k instructions, 325k with its request and
 * answer made as below; a bare Express route answered 2.5 to 3 times as many requests:
 * backend/bench/RESULTS.md).
 * Made by the server with those prototypes already (`http.createServer`'s documented
 * `IncomingMessage` and `ServerResponse` options, and Express's documented app prototypes),
 * Express's `setPrototypeOf` finds them in place and changes nothing.
 *
 * The options that Nest's own server honours (`httpsOptions`, `forceCloseConnections`,
 * `return503OnClosing`) get Nest's own server, as before.
 */
export class ExpressAppAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.setHttpServer(
      createServer(
        {
          IncomingMessage: madeWithPrototype(IncomingMessage, app.request),
          ServerResponse: madeWithPrototype(ServerResponse, app.response),
        },
        app,
      ),
    );
  }
}

/**
 * A constructor that builds what `base` builds, on `prototype` itself (which has `base`'s
 * prototype in its chain). A function, not a class: a subclass's objects would have the
 * subclass's own prototype, which Express would replace again. `base` is called on the new
 * object, as Node's http module builds on its own constructors (ServerResponse calls
 * OutgoingMessage so).
 */
function madeWithPrototype<T extends typeof IncomingMessage | typeof ServerResponse>(
  base: T,
  prototype: object,
): T {
  function Made(this: object, ...args: unknown[]): void {
    (base as unknown as (...given: unknown[]) => void).apply(this, args);
  }
  Made.prototype = prototype;
  return Made as unknown as T;
}
