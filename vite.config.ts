import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The service prefixes of the single-process server, as the server mounts them.
import { SERVICES } from './resources/schema/resource';

const API = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
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
