import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One message: Swedish plain text and HTML. `links` are logged when mail goes to files (development). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links?: string[];
}

export interface Mailer {
  /**
   * Delivers one message. SMTP: resolves once the server accepted it. File mode: resolves once the .eml
   * file is written.
   * @throws on any delivery failure (the mail job then retries)
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer with `smtpUrl` (smtp:// or smtps://) when given; otherwise each message becomes one .eml file
 * under `<dataDir>/mail/` and its links are logged, so development needs no mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await fs.mkdir(dir, { recursive: true });
      const id = String(info.messageId).replace(/[^a-zA-Z0-9.-]/g, '');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, file, links: m.links }, 'mail written to file (SMTP_URL not set)');
    },
    close: () => transport.close(),
  };
}
