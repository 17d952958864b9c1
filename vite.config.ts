import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { idsOnly } from './scripts/lib/message-descriptors.ts';

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

/**
 * The entry's style sheet goes into index.html as a <style>: the page can paint as soon as the
 * HTML arrives instead of waiting for one more request first (docs/perf.md). The file stays in
 * the build (the manifest and the bundle budget read it). Its <link> stays too, `disabled`, so
 * it is neither fetched nor applied: Vite's loader of lazy chunks looks for that link before it
 * adds a style sheet, and would otherwise add the entry's rules a second time, after the page's
 * own, and move the page.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>${tag.replace(/>$/, ' disabled>')}`;
          },
        );
      },
    },
  };
}

/**
 * The interface's message descriptors (contract/*-messages.ts) reach the build as their ids alone:
 * the text comes from the compiled catalogues (scripts/lib/message-descriptors.ts).
 */
function messageIdsOnly(): Plugin {
  return {
    name: 'message-ids-only',
    apply: 'build',
    // Before the TypeScript transform, which drops the `/*i18n*/` marks with the other comments.
    enforce: 'pre',
    transform(code, id) {
      if (!/\/contract\/[^/]+-messages\.ts$/.test(id) || !code.includes('/*i18n*/')) return null;
      return { code: idsOnly(code), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    messageIdsOnly(),
    react(),
    inlineEntryCss(),
    // Every text asset is also written as .br and .gz at build, so the server sends the smallest
    // form a browser accepts without compressing per request (docs/decisions/0017-precompressed-assets-served-by-a-static-middleware.md).
    compression({
      include: /\.(js|css|html|svg|json|txt)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  // The manifest lets the bundle budget (tests/budget/) follow each route's chunks.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry loads in one file rather than a dozen small ones (each file is
        // compressed and requested on its own); pages keep their own chunks (docs/perf.md).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}` }]),
    ),
  },
});
