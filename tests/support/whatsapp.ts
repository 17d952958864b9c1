import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One template message as the stand-in for WhatsApp's Cloud API took it. */
export interface ReceivedWhatsApp {
  to: string;
  name: string;
  language: string;
  parameters: string[];
  key: string;
}

export interface TestWhatsApp {
  /** WHATSAPP_API_URL for the sender. */
  url: string;
  phoneNumberId: string;
  token: string;
  /** Every message accepted, once per idempotency key (as the provider keeps them). */
  received: ReceivedWhatsApp[];
  /** How many requests came in, repeats and refusals included. */
  requests: () => number;
  /** The next `n` requests are answered 503, as a busy API answers. */
  refuseNext: (n: number) => void;
  close: () => Promise<void>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * What the Cloud API documents for `POST /{phone-number-id}/messages` with a template: the
 * problem with a request, or null when it is well formed.
 */
function problemWith(body: unknown): string | null {
  if (!isObject(body)) return 'body is not a JSON object';
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be "whatsapp"';
  if (body.type !== 'template') return 'type must be "template"';
  if (typeof body.to !== 'string' || !/^\+[1-9]\d{7,14}$/.test(body.to)) return 'to must be E.164';
  const template = body.template;
  if (!isObject(template) || typeof template.name !== 'string' || !/^[a-z0-9_]+$/.test(template.name))
    return 'template.name must be a registered name';
  if (!isObject(template.language) || typeof template.language.code !== 'string')
    return 'template.language.code is required';
  const components = template.components;
  if (!Array.isArray(components) || components.length !== 1) return 'one body component expected';
  const [component] = components as unknown[];
  if (!isObject(component) || component.type !== 'body' || !Array.isArray(component.parameters))
    return 'the component must be the body with its parameters';
  for (const parameter of component.parameters as unknown[]) {
    if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string')
      return 'each parameter must be {type: "text", text}';
    if (parameter.text === '' || /[\n\t]| {5}/.test(parameter.text))
      return 'a parameter may not be empty or hold new lines, tabs or more than four spaces';
  }
  return null;
}

/** A local HTTP server in place of WhatsApp's Cloud API, holding requests to its documented shape. */
export async function startTestWhatsApp(): Promise<TestWhatsApp> {
  const phoneNumberId = '106540352242922';
  const token = 'EAAtest-token-never-logged';
  const received: ReceivedWhatsApp[] = [];
  let requests = 0;
  let refusals = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const answer = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const refuse = (status: number, message: string) =>
        answer(status, { error: { message, type: 'OAuthException', code: 100 } });
      if (refusals > 0) {
        refusals -= 1;
        refuse(503, 'Service temporarily unavailable');
        return;
      }
      if (req.method !== 'POST' || req.url !== `/${phoneNumberId}/messages`) {
        refuse(404, `Unknown path ${req.method} ${req.url}`);
        return;
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        refuse(401, 'Invalid OAuth access token');
        return;
      }
      if (!req.headers['content-type']?.startsWith('application/json')) {
        refuse(400, 'content-type must be application/json');
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        refuse(400, 'body is not JSON');
        return;
      }
      const problem = problemWith(body);
      if (problem) {
        refuse(400, problem);
        return;
      }
      const message = body as {
        to: string;
        biz_opaque_callback_data?: string;
        template: {
          name: string;
          language: { code: string };
          components: [{ parameters: { text: string }[] }];
        };
      };
      const key = String(req.headers['idempotency-key'] ?? message.biz_opaque_callback_data ?? '');
      if (!received.some((r) => r.key === key)) {
        received.push({
          to: message.to,
          name: message.template.name,
          language: message.template.language.code,
          parameters: message.template.components[0].parameters.map((p) => p.text),
          key,
        });
      }
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to.slice(1) }],
        messages: [{ id: `wamid.${received.length}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    phoneNumberId,
    token,
    received,
    requests: () => requests,
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
