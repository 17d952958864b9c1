import fs from 'node:fs';
import { isPagePath, legalPaths, pagePaths } from '../../contract/routes.ts';

describe('the route table', () => {
  it('is the one src/app/routes.tsx routes, path for path and in order', () => {
    const source = fs.readFileSync('src/app/routes.tsx', 'utf8');
    const switchBody = source.slice(source.indexOf('<Switch>'), source.indexOf('</Switch>'));
    const routed = [...switchBody.matchAll(/<Route (?:key=\{path\} )?path=(?:"([^"]+)"|\{path\})/g)].flatMap(
      ([, path]) => (path ? [path] : [...legalPaths]),
    );
    expect(routed).toEqual([...pagePaths]);
  });

  it('knows a page path from anything else', () => {
    for (const path of [
      '/',
      '/pujas',
      '/pujas/',
      '/pujas/12',
      '/products',
      '/products/3',
      '/productDetails/3',
      '/account',
      '/account/family',
      '/account/orders/5',
      '/admin',
      '/admin/orders/7',
      '/refund-policy',
    ])
      expect(isPagePath(path), path).toBe(true);
    for (const path of [
      '/api/orders',
      '/pujas/12/extra',
      '/packages/1',
      '/categories',
      '/nope',
      '/adminx',
      '/images/a.jpg',
      '/assets/index.js',
      '/account/orders/5/x',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});
