import { splitLocale, withLocale } from '../../contract/locales.ts';

/** The language in the route (docs/decisions/0079-interface-text-through-lingui.md). */
describe('the language segment of a route', () => {
  it.each([
    ['/kn/pujas', 'kn', '/pujas'],
    ['/ta', 'ta', '/'],
    ['/te/', 'te', '/'],
    ['/hi?x=1', 'hi', '/?x=1'],
    ['/ml/login?redirect=%2Fabout', 'ml', '/login?redirect=%2Fabout'],
    ['/en/pujas', 'en-IN', '/pujas'],
    ['/pujas', null, '/pujas'],
    ['/', null, '/'],
    ['/fr/pujas', null, '/fr/pujas'],
    ['/kno', null, '/kno'],
    ['/en-IN/pujas', null, '/en-IN/pujas'],
  ])('%s is in %s at %s', (route, locale, path) => {
    expect(splitLocale(route)).toEqual({ locale, path });
  });

  it.each([
    ['kn', '/pujas', '/kn/pujas'],
    ['kn', '/', '/kn'],
    ['kn', '/?x=1', '/kn?x=1'],
    ['ta', '/kn/pujas', '/ta/pujas'],
    ['en-IN', '/kn/pujas?q=1', '/pujas?q=1'],
    ['en-IN', '/about', '/about'],
  ] as const)('%s puts %s at %s', (locale, route, expected) => {
    expect(withLocale(locale, route)).toBe(expected);
  });
});
