import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts (parsed with mailparser), for tests
 * that follow mailed links. `failNext(n)` makes it refuse the next n messages (an SMTP outage).
 */
export async function startSmtpCapture(opts: { port?: number } = {}) {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        refused += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Service unavailable (test outage)'), { responseCode: 421 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          messages.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    /** How many messages were refused so far. */
    get refused() {
      return refused;
    },
    /** The SMTP server refuses the next `n` messages with 421. */
    failNext(n: number) {
      refusals = n;
    },
    /**
     * Resolves with the first message (received before or after the call) matching `match`.
     * @throws after `timeoutMs` without one
     */
    async waitFor(match: (m: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's plain text. */
export function resetLinkIn(mail: CapturedMail): URL {
  const m = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(m[0]);
}
