import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the JSON API answers; the dev server forwards them to the API process. */
export const apiPrefixes = [
  '/api',
  '/pujas',
  '/packages',
  '/products',
  '/categories',
  '/astrologers',
  '/images',
];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}` }]),
    ),
  },
});
