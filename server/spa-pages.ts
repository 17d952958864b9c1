import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { isPagePath } from '../contract/routes.ts';

/**
 * Pages typed or shared without `#` (docs/decisions/0057-pages-at-their-paths-for-a-browser.md):
 * a browser that asks for HTML at a path of the route table (contract/routes.ts) gets the SPA,
 * which shows that route; every other client gets the JSON it got before, and the answers at a
 * page path say `Vary: Accept`, so a cache keeps the two apart.
 */

/** The quality a media range list gives each type it names (`text/html;q=0.9` → 0.9). */
function qualities(accept: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!type) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(quality)) found.set(type, Math.max(found.get(type) ?? 0, quality));
  }
  return found;
}

/**
 * Whether the request prefers a page to JSON: it names text/html (or XHTML) at a higher quality
 * than JSON gets, from `application/json`, `application/*` or `*\/*`. A browser navigating
 * (`text/html,…,*\/*;q=0.8`) does; `*\/*`, `application/json` and no Accept at all do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = qualities(accept);
  const html = Math.max(q.get('text/html') ?? 0, q.get('application/xhtml+xml') ?? 0);
  const json = Math.max(q.get('application/json') ?? 0, q.get('application/*') ?? 0, q.get('*/*') ?? 0);
  return html > 0 && html > json;
}

async function spaPage(c: Context, staticDir: string, status: 200 | 404) {
  const html = await fs.readFile(path.join(staticDir, 'index.html'), 'utf8');
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept');
  return c.html(html, status);
}

/** Answers a browser at a page path with the SPA; marks every answer at a page path `Vary: Accept`. */
export function spaPages(staticDir: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !isPagePath(c.req.path)) return next();
    if (staticDir && prefersHtml(c.req.header('accept'))) return spaPage(c, staticDir, 200);
    await next();
    const vary = c.res.headers.get('Vary');
    if (!vary?.split(',').some((name) => name.trim().toLowerCase() === 'accept'))
      c.res.headers.set('Vary', vary ? `Accept, ${vary}` : 'Accept');
  };
}

/**
 * What a path that is neither a page, a file nor an API answer gets: the SPA with status 404 for a
 * browser (it shows its "not found" page there), `{message}` for everyone else and under /api.
 */
export function notFoundAnswer(staticDir: string | undefined) {
  return (c: Context) => {
    if (staticDir && !c.req.path.startsWith('/api/') && prefersHtml(c.req.header('accept')))
      return spaPage(c, staticDir, 404);
    return c.json({ message: 'Not found' }, 404);
  };
}
