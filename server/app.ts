import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from './db/client.ts';
import { astrologerRoutes } from './routes/astrologers.ts';
import { productRoutes } from './routes/products.ts';
import { pujaRoutes } from './routes/pujas.ts';

export interface AppEnv {
  Variables: { db: Db };
}

export interface AppOptions {
  db: Db;
  /** Folder with the catalogue's images, served under /images. */
  imagesDir?: string;
  /** Built SPA (vite build output) to serve at /, if any. */
  staticDir?: string;
}

export const defaultImagesDir = path.join(import.meta.dirname, 'assets', 'images');

const imageTypes: Record<string, string> = { '.svg': 'image/svg+xml', '.webp': 'image/webp', '.png': 'image/png' };
const staticTypes: Record<string, string> = {
  ...imageTypes,
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Resolves `rel` inside `root`, refusing anything that escapes it. */
function safeJoin(root: string, rel: string): string | undefined {
  const full = path.resolve(root, '.' + path.posix.normalize('/' + rel));
  return full.startsWith(path.resolve(root) + path.sep) ? full : undefined;
}

function fileResponse(file: string | undefined, cache: string): Response | undefined {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
  const type = staticTypes[path.extname(file)] ?? 'application/octet-stream';
  return new Response(fs.readFileSync(file), { headers: { 'content-type': type, 'cache-control': cache } });
}

/** The JSON API (and, in production, the SPA) as one Hono app. */
export function createApp({ db, imagesDir = defaultImagesDir, staticDir }: AppOptions) {
  const app = new Hono<AppEnv>();

  app.use(secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));
  app.use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ message: 'Request body too large' }, 413) }));
  app.use(async (c, next) => {
    c.set('db', db);
    await next();
  });

  app.route('/', pujaRoutes);
  app.route('/', productRoutes);
  app.route('/', astrologerRoutes);

  app.get('/images/*', (c) => {
    const rel = c.req.path.slice('/images/'.length);
    return (
      fileResponse(safeJoin(imagesDir, decodeURIComponent(rel)), 'public, max-age=86400') ??
      c.json({ message: 'Image not found' }, 404)
    );
  });

  if (staticDir) {
    app.get('*', (c) => {
      const rel = c.req.path === '/' ? 'index.html' : c.req.path.slice(1);
      const hashed = rel.startsWith('assets/');
      return (
        fileResponse(safeJoin(staticDir, rel), hashed ? 'public, max-age=31536000, immutable' : 'no-cache') ??
        c.json({ message: 'Not found' }, 404)
      );
    });
  }

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return c.json({ message: err.message }, err.status);
    console.error(err);
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
