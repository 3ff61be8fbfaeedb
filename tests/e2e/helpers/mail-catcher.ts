import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser journeys: the e2e app is started with
 * `SMTP_URL=smtp://127.0.0.1:<port>` (tests/e2e/start-server.mjs), and a journey that needs an
 * email listens on that port, then reads the message the app sent.
 *
 * Only one journey can hold the port at a time, and the two Playwright workers may both want
 * it: a catcher waits for the port to come free instead of failing. Each journey uses its own
 * new address and only reads mail sent to it, so mail meant for another journey is ignored.
 */

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** Waits for a mail to `to` whose subject contains `subjectContains`. */
  waitForMail: (to: string, subjectContains: string, timeoutMs?: number) => Promise<CaughtMail>;
  close: () => Promise<void>;
}

/** The SMTP port start-server.mjs gives the app: E2E_SMTP_PORT, else the app's port + 25. */
export function mailCatcherPort(baseURL: string): number {
  const fromEnv = process.env.E2E_SMTP_PORT;
  if (fromEnv) return Number(fromEnv);
  return Number(new URL(baseURL).port) + 25;
}

/** How long a catcher waits for another journey to release the port. */
const PORT_WAIT_MS = 120_000;

export async function startMailCatcher(baseURL: string): Promise<MailCatcher> {
  const port = mailCatcherPort(baseURL);
  const received: CaughtMail[] = [];
  const deadline = Date.now() + PORT_WAIT_MS;
  let server: SMTPServer | undefined;

  while (!server) {
    const candidate = new SMTPServer({
      // The app's nodemailer would upgrade to TLS if offered; this local catcher has no certificate.
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const message = parseMessage(Buffer.concat(chunks).toString('utf8'));
          received.push({
            ...message,
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          });
          callback();
        });
      },
    });
    try {
      await listen(candidate, port);
      server = candidate;
    } catch (error) {
      const isPortBusy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!isPortBusy || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
  const listening = server;

  return {
    async waitForMail(to, subjectContains, timeoutMs = 30_000) {
      const address = to.toLowerCase();
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (message) => message.to.includes(address) && message.subject.includes(subjectContains),
        );
        if (mail) return mail;
        if (Date.now() > until) {
          throw new Error(
            `No mail to ${to} with a subject containing "${subjectContains}" arrived within ${timeoutMs} ms`,
          );
        }
        await sleep(100);
      }
    },
    close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
  };
}

function listen(server: SMTPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      // A client dropping its connection must not crash the test worker.
      server.on('error', () => undefined);
      resolve();
    });
  });
}

/** The first link in a mail's text that starts with `prefix` (e.g. the verification link). */
export function linkFromMail(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"]*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in the mail:\n${mail.text}`);
  return match[0];
}

// --- A small MIME reader: enough for what nodemailer sends (text and HTML alternatives). ---

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function leafParts(part: MimePart): MimePart[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\n/, ''))));
}

function parseMessage(raw: string): Omit<CaughtMail, 'to'> {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const ofType = (type: string) =>
    parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith(type));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart) : '',
    html: htmlPart ? decodeBody(htmlPart) : '',
  };
}
