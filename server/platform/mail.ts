/**
 * Outgoing mail. With SMTP_URL set, mail goes through nodemailer's SMTP transport; otherwise each
 * message is written to DATA_DIR/outbox/ as JSON (and logged without its body), which is how a
 * developer or a test reads a code without a mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) return smtpMailer(opts.smtpUrl, opts.from, opts.log);
  return outboxMailer(path.join(opts.dataDir, 'outbox'), opts.from, opts.log);
}

function outboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(path.join(dir, name), JSON.stringify({ from, ...mail, date: new Date().toISOString() }, null, 2));
      log.info({ to: mail.to, tag: mail.tag, file: name }, 'mail written to outbox');
    },
  };
}

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  let transport: Transporter | null = null;
  return {
    async send(mail) {
      if (!transport) {
        const nodemailer = await import('nodemailer');
        transport = nodemailer.default.createTransport(url);
      }
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ to: mail.to, tag: mail.tag }, 'mail sent over SMTP');
    },
  };
}
