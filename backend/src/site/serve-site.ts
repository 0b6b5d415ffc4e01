import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import type { LiveTour } from '../tour/live-tour';
import { LivePages } from './live-pages';
import { precompressedFiles } from './precompressed-files';
import { isSpaRoute } from './spa-routes';
import { localeOfCookies } from '../common/locale';

/**
 * Serves the built site: its files, and index.html for every other GET that is not the API.
 * Without a build (an API-only run), a short page says how to build it. A prerendered page is
 * served as built while the tour is the one it was rendered with, and rendered again with the
 * live tour once it is not (LivePages).
 */
export function serveSite(
  app: Express,
  distDir: string,
  catalogue: LiveTour,
  closeMinutesBefore: number,
): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  // The site's steps, which the app's own routes pass in one: they are never files (without
  // that, every API request paid a stat() on the disk, and a sandbox page's id that read as a
  // folder, `..%2F`, was redirected as one) and never pages.
  const site = express.Router();
  app.use((request: Request, response: Response, next: NextFunction) =>
    isAppRoute(request.path) ? next() : site(request, response, next),
  );
  if (hasBuild) {
    // The build's brotli and gzip copies first, for a browser that takes them.
    const assets = path.join(distDir, 'assets');
    site.use('/assets', precompressedFiles(assets, { immutable: true, maxAge: '1y' }));
    site.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', index: false }));
    site.use(express.static(distDir, { index: false, maxAge: '1h' }));
  }
  const prerendered = prerenderedPages(path.join(distDir, 'prerendered'));
  let indexHtml: string | undefined;
  const template = () => (indexHtml ??= readFileSync(indexFile, 'utf8'));
  // Pages rendered again with the live tour go into the build's own page (its stylesheet inlined,
  // allowed by the hash in style-hashes.json), like the prerendered ones.
  const pageTemplateFile = path.join(distDir, 'prerendered', 'template.html');
  let pageTemplate: string | undefined;
  const livePages = new LivePages(
    distDir,
    catalogue,
    () =>
      existsSync(pageTemplateFile)
        ? (pageTemplate ??= readFileSync(pageTemplateFile, 'utf8'))
        : template(),
    closeMinutesBefore,
  );
  const logger = new Logger('Site');
  site.use(async (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!hasBuild) {
      response
        .status(isSpaRoute(request.path) ? 200 : 404)
        .type('text/plain')
        .send('The site is not built yet: run `make build` (or `make start`).');
      return;
    }
    const built = prerendered(request);
    let page = built?.html;
    if (built && !livePages.current()) {
      page = undefined;
      if (livePages.canRender) {
        try {
          page = await livePages.page(built.route, built.language);
        } catch (error) {
          logger.warn(`A page could not be rendered with the live tour: ${String(error)}`);
        }
      }
    }
    if (built) response.setHeader('Vary', 'Cookie');
    response
      .status(isSpaRoute(request.path) ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(page ?? template());
  });
}

const LANGUAGES = ['en', 'it', 'ro'] as const;

/**
 * The public pages the build prerendered (frontend/scripts/prerender.mjs), per language: the
 * visitor's language comes from the cookie the site mirrors its choice into (English without
 * one). A request with a query string gets the plain index.html, since the page it asks for
 * (e.g. the form opened by ?register=true) is not the prerendered one.
 */
function prerenderedPages(
  dir: string,
): (request: Request) => { html: string; route: string; language: string } | undefined {
  const pages = new Map<string, string>();
  for (const language of LANGUAGES) {
    const languageDir = path.join(dir, language);
    if (!existsSync(languageDir)) continue;
    for (const file of readdirSync(languageDir)) {
      if (!file.endsWith('.html')) continue;
      const name = file.slice(0, -'.html'.length);
      const route = name === 'index' ? '/' : `/${name}`;
      pages.set(`${language} ${route}`, readFileSync(path.join(languageDir, file), 'utf8'));
    }
  }
  return (request) => {
    if (pages.size === 0 || request.originalUrl.includes('?')) return undefined;
    const language = localeOfCookies(request.headers.cookie) ?? 'en';
    const route = request.path.length > 1 ? request.path.replace(/\/$/, '') : request.path;
    const html = pages.get(`${language} ${route}`);
    return html === undefined ? undefined : { html, route, language };
  };
}

/**
 * Whether a path belongs to the app's own routes rather than to the site: the API, the sandbox's
 * payment page, and Prometheus's customary path (MetricsHttpController, an API route outside /api).
 */
function isAppRoute(requestPath: string): boolean {
  return (
    requestPath === '/api' ||
    requestPath.startsWith('/api/') ||
    requestPath.startsWith('/sandbox/') ||
    requestPath === '/metrics'
  );
}
