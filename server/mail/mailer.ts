import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One plain-text e-mail from the shop. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

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
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.promises.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
