import { readFileSync } from 'node:fs';
import { inspectOptions, redactSecrets, startInspector, wantsInspector } from '../../src/lib/inspector.ts';

const at = (search: string, hash = '') => ({ search, hash });

describe('the Stately inspector', () => {
  it('is off by default: actors get no inspect option', () => {
    expect(inspectOptions()).toEqual({});
  });

  it('stays off without ?inspect in the URL', async () => {
    await startInspector(at('', '#/cart'));
    expect(inspectOptions()).toEqual({});
  });

  it('is asked for with ?inspect in the query or in the hash route', () => {
    expect(wantsInspector(at('?inspect'))).toBe(true);
    expect(wantsInspector(at('?x=1&inspect=1', '#/pujas'))).toBe(true);
    expect(wantsInspector(at('', '#/checkout?inspect'))).toBe(true);
    expect(wantsInspector(at('', '#/pujas?q=inspect'))).toBe(false);
    expect(wantsInspector(at('?inspector'))).toBe(false);
  });

  it('never shows passwords or tokens to the inspector window', () => {
    expect(
      redactSecrets({
        type: 'session.register',
        details: { name: 'Asha', email: 'a@example.in', password: 'secret' },
      }),
    ).toEqual({
      type: 'session.register',
      details: { name: 'Asha', email: 'a@example.in', password: '[redacted]' },
    });
    expect(redactSecrets({ token: 'abc', user: null, refreshToken: null })).toEqual({
      token: '[redacted]',
      user: null,
      refreshToken: null,
    });
  });

  it('is loaded only through a dev-only dynamic import, so `vite build` leaves it out', () => {
    const source = readFileSync(new URL('../../src/lib/inspector.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import\s+(?!type\b).*@statelyai\/inspect/m);
    expect(source).toContain('if (import.meta.env.DEV && wantsInspector(location))');
    expect(source).toContain("await import('@statelyai/inspect')");
  });
});

describe('README', () => {
  it('tells how to open the diagrams and the live inspector', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Statecharts'));
    expect(section).toContain('npm run machines:diagrams');
    expect(section).toContain('docs/machines/');
    expect(section).toContain('npm run dev');
    expect(section).toContain('http://localhost:3000/?inspect');
  });
});
