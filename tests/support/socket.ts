import http from 'node:http';
import type { JsonCall } from './accounts.ts';

/**
 * A JSON POST over a real socket to 127.0.0.1:`port`, sent from `localAddress` (any 127.x.y.z
 * works on loopback), with extra headers: how the tests reach a limit keyed on the client's
 * address, which `app.request` has no socket to give.
 */
export function postOverSocket(
  port: number,
  urlPath: string,
  json: unknown,
  headers: Record<string, string> = {},
  localAddress = '127.0.0.1',
): Promise<JsonCall> {
  return new Promise<JsonCall>((resolve, reject) => {
    const body = JSON.stringify(json);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: urlPath,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as unknown,
            headers: new Headers(res.headers as Record<string, string>),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
