import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { precompressedFiles } from './precompressed-files';
import { isSpaRoute } from './spa-routes';

/**
 * Serves the built site: its files, and index.html for every other GET that is not the API.
 * Without a build (an API-only run), a short page says how to build it.
 */
export function serveSite(app: Express, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    // The build's brotli and gzip copies first, for a browser that takes them.
    const assets = path.join(distDir, 'assets');
    app.use('/assets', precompressedFiles(assets, { immutable: true, maxAge: '1y' }));
    app.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', index: false }));
    // The API is never a file: without this, every API request paid a stat() on the disk.
    const files = express.static(distDir, { index: false, maxAge: '1h' });
    app.use((request: Request, response: Response, next: NextFunction) =>
      request.path.startsWith('/api/') ? next() : files(request, response, next),
    );
  }
  let indexHtml: string | undefined;
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path.startsWith('/api/') || request.path === '/api') return next();
    if (request.path.startsWith('/sandbox/')) return next();
    if (!hasBuild) {
      response
        .status(isSpaRoute(request.path) ? 200 : 404)
        .type('text/plain')
        .send('The site is not built yet: run `make build` (or `make start`).');
      return;
    }
    indexHtml ??= readFileSync(indexFile, 'utf8');
    response
      .status(isSpaRoute(request.path) ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(indexHtml);
  });
}
