import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const HEXTET = /^[0-9a-f]{1,4}$/;

/**
 * The limits' key for a remote address: an IPv4 address as it is (also when a dual-stack
 * socket reports it as ::ffff:a.b.c.d), an IPv6 address by its /64 network, since one line is
 * usually given a whole /64 and could otherwise reset its count by changing address.
 */
export function clientKeyOf(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const halves = bare.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first four groups matter here.
  const tailGroups = tail.length + (tail.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tailGroups)).fill('0'), ...tail]
      : head;
  const network = groups.slice(0, 4);
  if (halves.length > 2 || network.length < 4 || !network.every((g) => HEXTET.test(g))) return bare;
  return `${network.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** The key of IPv6 loopback (::1) by its /64, as clientKeyOf gives it. */
const IPV6_LOOPBACK_KEY = clientKeyOf('::1');

/**
 * Whether a client key (clientKeyOf, or 'local' for a request without a socket) is this machine
 * itself: its own scripts and test runs, never a customer (a reverse proxy's customers are
 * seen through TRUST_PROXY, past the proxy's loopback address).
 */
export function isOwnMachine(key: string): boolean {
  return key === 'local' || key.startsWith('127.') || key === IPV6_LOOPBACK_KEY;
}

/**
 * The proxies named by TRUST_PROXY: addresses or CIDR ranges, comma-separated, and proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`. Throws on anything else, so a typo stops the
 * server at start instead of silently trusting nobody (or everybody).
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const proxies = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  proxyAddr.compile(proxies);
  return proxies;
}

/** Where Hono's Node adapter keeps the request (as `c.env.incoming`, or under `c.env.server`). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  const env = c.env as { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } } | undefined;
  return env?.server?.incoming ?? env?.incoming;
}

/**
 * Returns the function that gives a request's client key (see clientKeyOf). The client is the
 * socket's peer, unless that peer is one of `trustedProxies`: then X-Forwarded-For is walked
 * from the right, through trusted proxies only, to the first address not trusted (proxy-addr's
 * walk, as Express's "trust proxy"). X-Real-IP, Forwarded and the like are never believed, nor
 * is X-Forwarded-For from anyone else. Without a socket (`app.request` in tests), 'local'.
 */
export function createClientKey(trustedProxies: readonly string[] = []): (c: Context) => string {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (c) => {
    const incoming = incomingOf(c);
    if (!incoming?.socket?.remoteAddress) return 'local';
    const address = proxyAddr(incoming, trust);
    return address ? clientKeyOf(address) : 'local';
  };
}
