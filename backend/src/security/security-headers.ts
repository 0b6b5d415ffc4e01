import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The site is a Vite build: its scripts and styles are files under /assets, its images are files
 * or data: URIs, and it only talks to its own API. Nothing inline runs; the one inline style is
 * the stylesheet the prerendered pages carry, allowed by its hash (see siteStyleHashes).
 */
const SITE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // Payment happens on the provider's own page, reached by a top-level navigation; the sandbox's
  // card form posts here and is redirected to PUBLIC_URL (added below).
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
};

/**
 * Swagger UI at /api/docs (and the sandbox's card page) load their scripts from files too, but
 * their pages carry <style> blocks and style attributes, so styles (never scripts) may be inline.
 */
const DOCS_DIRECTIVES = {
  ...SITE_DIRECTIVES,
  styleSrc: ["'self'", "'unsafe-inline'"],
};

/** The headers a set of security headers puts on an answer, and those it removes. */
interface HeaderSet {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/**
 * What helmet's middleware does to an answer, recorded once: the policy is the same for every
 * answer of a kind (site or docs) and a public URL, so it is written out once and each answer
 * then gets the headers as they are, instead of helmet's dozen middlewares working them out again.
 */
function recordHeaders(middleware: RequestHandler): HeaderSet {
  const set = new Map<string, string | number | readonly string[]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  let passed = false;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    passed = true;
  });
  if (!passed) throw new Error('The security headers did not pass the answer on');
  return { set: [...set.entries()], removed };
}

function applyHeaders(response: Response, headers: HeaderSet): void {
  for (const name of headers.removed) response.removeHeader(name);
  for (const [name, value] of headers.set) response.setHeader(name, value);
}

function headersFor(
  directives: typeof SITE_DIRECTIVES,
  publicOrigin: string,
  https: boolean,
): HeaderSet {
  const formAction = [...new Set([...directives.formAction, publicOrigin])];
  return recordHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          formAction,
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only means something over HTTPS; on plain http it would only confuse a browser.
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    }),
  );
}

export function allowsInlineStyles(path: string): boolean {
  return (
    path === '/api/docs' ||
    path.startsWith('/api/docs/') ||
    path.startsWith('/api/docs-') ||
    path.startsWith('/sandbox/')
  );
}

const STYLE_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The hashes of the inline stylesheets of the build's prerendered pages, which
 * frontend/scripts/prerender.mjs writes beside them (the stylesheet is written into each page so
 * it paints without a second request); none without a build.
 */
export function siteStyleHashes(frontendDist: string): string[] {
  try {
    const hashes: unknown = JSON.parse(
      readFileSync(path.join(frontendDist, 'prerendered', 'style-hashes.json'), 'utf8'),
    );
    return Array.isArray(hashes)
      ? hashes.filter((hash): hash is string => typeof hash === 'string' && STYLE_HASH.test(hash))
      : [];
  } catch {
    return [];
  }
}

/**
 * Security headers on every answer: the site, the API, the docs and the errors. The policy
 * follows config.publicUrl, read per request (with PORT=0 it is known only once listening).
 */
export function securityHeadersMiddleware(config: {
  publicUrl: string;
  frontendDist: string;
}): RequestHandler {
  let built: { publicUrl: string; site: HeaderSet; docs: HeaderSet } | undefined;
  const siteDirectives = {
    ...SITE_DIRECTIVES,
    styleSrc: [
      ...SITE_DIRECTIVES.styleSrc,
      ...siteStyleHashes(config.frontendDist).map((hash) => `'${hash}'`),
    ],
  };
  const handlers = () => {
    if (built?.publicUrl !== config.publicUrl) {
      const https = config.publicUrl.startsWith('https:');
      const publicOrigin = new URL(config.publicUrl).origin;
      built = {
        publicUrl: config.publicUrl,
        site: headersFor(siteDirectives, publicOrigin, https),
        docs: headersFor(DOCS_DIRECTIVES, publicOrigin, https),
      };
    }
    return built;
  };
  return (request: Request, response: Response, next: NextFunction) => {
    const { site, docs } = handlers();
    if (allowsInlineStyles(request.path)) {
      applyHeaders(response, docs);
      return next();
    }
    if (request.path.startsWith('/api/')) {
      // API answers are data, never cached by shared caches unless a route says otherwise.
      response.setHeader('Cache-Control', 'no-store');
    }
    applyHeaders(response, site);
    next();
  };
}
