import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// The service prefixes of the single-process server, as the server mounts them.
import { SERVICES } from './resources/schema/resource';

const API = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // Every text file of the build gets a brotli and a gzip twin at the highest levels, once, at build:
    // the server sends whichever the browser accepts (docs/architecture.md#serving-the-spa). Source maps
    // stay as they are: they are never served.
    compression({
      include: /\.(html|js|mjs|css|json|svg|txt)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  resolve: {
    // npm nests an older @tiptap/core under ra-input-rich-text while some of its extensions need the newer
    // top-level one: one copy for all keeps the editor's extensions and core in step.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(SERVICES.map((s) => [`/${s}/`, API])),
      '/runtime-config.json': API,
      '/health': API,
      // Regular expressions: the dev server itself serves the SPA's i18n/ sources under /i18n/*.ts.
      '^/config/[^/]+\\.json$': API,
      '^/i18n/[^/]+/[^/]+\\.json$': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error monitoring, with no sourceMappingURL comment in the scripts: they stay in dist for an
    // upload, and the server never serves them (docs/architecture.md#serving-the-spa).
    sourcemap: 'hidden',
    // The first-load chunk below is about 850 kB before gzip (react-admin's own floor is about 800 kB):
    // warn only beyond that.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the first load, whatever the first screen) in one
          // chunk: left alone, Rolldown cuts it into a score of small chunks shared with lazy routes,
          // each gzipped on its own (about 14 kB more, and as many requests). Lazy routes keep theirs.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
