import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail from the shop: plain text, and HTML beside it when it has one. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The outbox's key for the message (docs/decisions/0071): it becomes the Message-ID and an
   * Idempotency-Key header, so a message tried again after a crash is known for the same one.
   */
  idempotencyKey?: string;
}

/** The headers a mail carries for its key: a stable Message-ID and the key itself. */
const keyed = ({ idempotencyKey, ...mail }: Mail) =>
  idempotencyKey === undefined
    ? mail
    : {
        ...mail,
        messageId: `<${idempotencyKey.replace(/[^A-Za-z0-9.:_-]/g, '-')}@outbox.shop>`,
        headers: { 'Idempotency-Key': idempotencyKey },
      };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465: mail goes out through that server. */
  smtpUrl?: string | undefined;
  /** Without SMTP: each message is written here as an .eml file a developer can open. */
  outboxDir: string;
  /** MAIL_FROM, the sender. */
  from: string;
}

/**
 * The shop's e-mail (docs/product-rules.md, Sign-in, registration and tokens): nodemailer over
 * SMTP when SMTP_URL is set; otherwise nodemailer's stream transport renders the same message
 * (headers and all) into DATA_DIR/outbox/<time>-<id>.eml, so development needs no mail server.
 */
export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...keyed(mail) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...keyed(mail) });
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.promises.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
