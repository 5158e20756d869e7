import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import spa from '../../vite.config';

/** The SPA's own Vite config (plugins, resolution, build options) rooted at the baseline app. */
export default mergeConfig(
  spa,
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    server: { proxy: {} },
    build: { outDir: fileURLToPath(new URL('../../dist-baseline', import.meta.url)) },
  }),
);
