import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The encodings the build writes beside each file, in the order they are preferred. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Serves the copies the build compressed ahead (`name.js.br`, `name.js.gz`) to a browser that
 * accepts them, with the type of the original, `Content-Encoding` and `Vary: Accept-Encoding`;
 * anything else goes on to the plain files. The list of copies is read once, at boot.
 */
export function precompressedFiles(
  root: string,
  options: { maxAge: string; immutable: boolean },
): (request: Request, response: Response, next: NextFunction) => void {
  const available = new Set(existsSync(root) ? filesUnder(root) : []);
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep) || !available.has(file)) return next();
    const encodings = ENCODINGS.filter(({ suffix }) => available.has(file + suffix));
    if (encodings.length === 0) return next();
    response.vary('Accept-Encoding');
    // The smallest the browser takes: brotli before gzip, whatever order it lists them in.
    const encoding = encodings.find(({ name }) => request.acceptsEncodings(name) === name);
    if (!encoding) return next();
    response.type(path.extname(file));
    response.setHeader('Content-Encoding', encoding.name);
    response.sendFile(file + encoding.suffix, options, (error?: Error) => {
      if (error) {
        response.removeHeader('Content-Encoding');
        next(error);
      }
    });
  };
}
