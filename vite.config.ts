import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

// One config for the client build, the SSR builds (prerender bundle and server bundle, driven by
// scripts/build.mjs) and vitest.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss()],
  build: isSsrBuild
    ? { target: 'node20', emptyOutDir: true, sourcemap: true, minify: false, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: 'es2022',
        assetsInlineLimit: 0,
      },
  server: {
    proxy: {
      '/api': apiTarget,
      '/geo': apiTarget,
      '/dev': apiTarget,
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
}));
