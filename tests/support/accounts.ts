import type { LoginResponse, User } from '../../contract/auth.ts';
import type { App } from '../../server/app.ts';

export interface JsonCall {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Sends a JSON request (or raw text with the given content type) and reads the JSON answer.
 * `from` makes the request come from that socket address, as Hono's Node adapter would report
 * it (without it, `app.request` has no socket and every request is the client 'local').
 */
export async function call(
  app: App,
  method: string,
  path: string,
  {
    json,
    raw,
    contentType,
    token,
    from,
    cookie,
  }: {
    json?: unknown;
    raw?: string;
    contentType?: string;
    token?: string;
    from?: string;
    /** A Cookie header to send, as a browser would. */
    cookie?: string;
  } = {},
): Promise<JsonCall> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (json !== undefined) {
    body = JSON.stringify(json);
    headers['content-type'] = contentType ?? 'application/json';
  } else if (raw !== undefined) {
    body = raw;
    headers['content-type'] = contentType ?? 'application/json';
  }
  const env = from ? { incoming: { socket: { remoteAddress: from }, headers: {} } } : undefined;
  const res = await app.request(path, { method, headers, body }, env);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

let counter = 0;

export interface Customer {
  token: string;
  user: User;
  email: string;
  password: string;
}

/** Registers a customer (a unique e-mail unless given) and signs them in. */
export async function registerAndLogin(
  app: App,
  {
    name = 'Asha Rao',
    email,
    phone,
    password = 'secret123',
  }: { name?: string; email?: string; phone?: string; password?: string } = {},
): Promise<Customer> {
  const address = email ?? `customer${++counter}-${Date.now()}@example.com`;
  const registered = await call(app, 'POST', '/api/auth/register', {
    json: { name, email: address, phone, password },
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call(app, 'POST', '/api/auth/login', { json: { email: address, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const { token, user } = login.body as LoginResponse;
  return { token, user, email: address, password };
}
