import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../../server/mail/mailer.ts';
import { madeLater, shopPerFile } from './prelude.ts';

/** One e-mail as a real SMTP server on loopback received it, parsed as a mail client would. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The next `n` messages are refused (a 451, as a busy server answers). */
  refuseNext: (n: number) => void;
  close: () => Promise<void>;
}

/** A real SMTP server (smtp-server, nodemailer's authors') on loopback that keeps what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const busy = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(busy);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/**
 * For a test file: a test SMTP server started before its tests and closed after them, and the
 * shop's mailer sending through it (its outbox under `shop.dir`).
 */
export function smtpPerFile(shop: { dir: string }): { smtp: TestSmtp; mailer: Mailer } {
  const smtp = shopPerFile(startTestSmtp);
  let mailer: Mailer | undefined;
  beforeAll(() => {
    mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: `${shop.dir}/outbox`,
      from: 'Shop <no-reply@shop.test>',
    });
  });
  return { smtp, mailer: madeLater('The mailer', () => mailer) };
}
