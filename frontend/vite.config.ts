import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
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
      // The site catalogues and the Command Center's own (lang/admin/*.json).
      if (!/\/lang\/(?:admin\/)?[a-z]+\.json$/.test(source)) return null;
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
      assetsDir = join(config.root, config.build.outDir, config.build.assetsDir);
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

export default defineConfig(({ command }) => ({
  plugins: [precompiledCatalogues(), react(), precompressedAssets()],
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
