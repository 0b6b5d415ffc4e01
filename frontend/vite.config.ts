import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * Compiles the message catalogues to ICU syntax trees at build time, so the browser needs no
 * message parser: that keeps the home route under its 120 KB gzip budget.
 */
function precompiledCatalogues(): Plugin {
  const prefix = '\0compiled-catalogue:';
  return {
    name: 'precompiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // The site catalogues, the Command Center's own (lang/admin/*.json, lang/door/*.json) and the
      // booking links' (lang/booking-links/*.json).
      if (!/\/lang\/(?:(?:admin|door|booking-links)\/)?[a-z]+\.json$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${prefix}${resolved.id}?catalogue.js` : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -'?catalogue.js'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text asset of the build, so the
 * server sends them as they are (with Content-Encoding) instead of compressing on every request.
 */
function precompressedAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'precompressed-assets',
    // The site's build only: the prerendering's server-side build (scripts/prerender.mjs) has
    // no assets to serve.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    writeBundle() {
      for (const name of readdirSync(assetsDir)) {
        if (!/\.(?:js|css|svg|json|html|txt|map)$/.test(name)) continue;
        const file = join(assetsDir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The files the door page runs on, for its service worker to fetch when it installs: the door
 * route's chunk with everything it imports, statically or lazily (the QR reader's worker, the
 * signature check, the console's catalogues), and the site's entry with what it imports
 * statically. The entry's lazy imports are the other pages, left out; the few of them the door
 * page loads too (its language's messages) are kept by the worker when the page loads them.
 */
function doorPageFiles(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter(
    (item): item is Rolldown.OutputChunk => item.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const door = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/door-route.tsx'));
  if (!entry || !door) throw new Error('door-page-offline: no entry or door route in the build');
  const files = new Set<string>();
  const visit = (file: string, lazyToo: boolean): void => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of chunk.imports) visit(next, lazyToo);
    if (lazyToo) for (const next of chunk.dynamicImports) visit(next, lazyToo);
  };
  visit(entry.fileName, false);
  visit(door.fileName, true);
  return [...files].sort().map((file) => `/${file}`);
}

/**
 * Writes the door page's files and their version into the built service worker
 * (dist/door-sw.js, copied from public/): a new build's worker differs, so phones install it,
 * fetch its files and drop the earlier build's.
 */
function doorPageOffline(): Plugin {
  let outDir = '';
  let files: string[] = [];
  return {
    name: 'door-page-offline',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      files = doorPageFiles(bundle);
    },
    writeBundle() {
      const file = join(outDir, 'door-sw.js');
      const source = readFileSync(file, 'utf8');
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const written = source
        .replace("const VERSION = 'dev';", `const VERSION = '${version}';`)
        .replace('const FILES = [];', `const FILES = ${JSON.stringify(files)};`);
      if (!written.includes(version) || !written.includes(JSON.stringify(files))) {
        throw new Error('door-page-offline: door-sw.js lost its VERSION or FILES line');
      }
      writeFileSync(file, written);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [precompiledCatalogues(), react(), precompressedAssets(), doorPageOffline()],
  resolve: {
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': backend,
      '/sandbox': backend,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the build targets (ES2022) preloads modules itself: no polyfill in the
    // home route's code.
    modulePreload: { polyfill: false },
  },
}));
