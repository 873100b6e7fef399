/**
 * A real SMTP server on loopback for tests (API tests and browser journeys alike).
 *
 *   const smtp = await startSmtpServer();            // 127.0.0.1, a free port (or { port } to choose one)
 *   // configure the app with SMTP_URL = smtp.url     (smtp://127.0.0.1:<port>, no TLS, no auth)
 *   const mail = await smtp.waitFor((m) => m.to.includes('ada@example.com'), 10_000);
 *   mail.subject; mail.text; mail.html; mail.links[0]; mail.raw
 *   await smtp.stop();
 *
 * Each received message is kept raw and parsed by the small MIME reader below (mailparser is not available
 * here): headers (RFC 2047 encoded words decoded), nested multipart bodies, quoted-printable and base64
 * transfer encodings, charsets through TextDecoder. `links` are the http(s) URLs of the text part, in order
 * (falling back to the HTML part's hrefs when a message has no text part).
 * `parseMail(raw)` is exported for reading .eml files (e.g. the outbox) the same way.
 */
import { EventEmitter } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net.ts';

interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  params: Record<string, string>;
  /** Decoded content of a leaf part (empty for multipart containers). */
  content: string;
  parts: MimePart[];
}

export interface ReceivedMail {
  /** Envelope sender and recipients (what the SMTP client said, not the headers). */
  envelopeFrom: string;
  to: string[];
  from: string;
  subject: string;
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
  links: string[];
  raw: string;
  receivedAt: Date;
}

function decodeBytes(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable to bytes (soft line breaks removed, =XX decoded). Input is a latin1 "binary" string. */
function decodeQuotedPrintable(value: string): Buffer {
  const unfolded = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index++) {
    const character = unfolded[index];
    const hex = unfolded.slice(index + 1, index + 3);
    if (character === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(unfolded.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= and =?utf-8?B?...?=) in a header value. */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?[^?]*\?=)/g, '$1')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_match, charset: string, encoding: string, data: string) => {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : decodeQuotedPrintable(data.replace(/_/g, ' '));
        return decodeBytes(bytes, charset.replace(/\*.*$/, ''));
      },
    );
}

function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence wins (Received headers repeat; the ones tests read do not).
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function parseParams(value: string): { value: string; params: Record<string, string> } {
  const [head, ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const item of rest) {
    const equals = item.indexOf('=');
    if (equals < 0) continue;
    const key = item.slice(0, equals).trim().toLowerCase();
    params[key] = item
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { value: head.trim().toLowerCase(), params };
}

/** Parses one MIME entity from a latin1 "binary" string (so 8-bit bytes survive until the charset is known). */
function parseEntity(binary: string): MimePart {
  const separator = binary.search(/\r?\n\r?\n/);
  const headerBlock = separator < 0 ? binary : binary.slice(0, separator);
  const body = separator < 0 ? '' : binary.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = parseHeaderBlock(headerBlock);
  const { value: contentType, params } = parseParams(
    headers.get('content-type') ?? 'text/plain; charset=us-ascii',
  );

  if (contentType.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const parts: MimePart[] = [];
    const sections = body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // sections[0] is the preamble; the section starting with "--" is the end marker and epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      parts.push(parseEntity(section.replace(/^[ \t]*\r?\n/, '')));
    }
    return { headers, contentType, params, content: '', parts };
  }

  const transferEncoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (transferEncoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (transferEncoding === 'quoted-printable') bytes = decodeQuotedPrintable(body);
  else bytes = Buffer.from(body, 'latin1');
  return { headers, contentType, params, content: decodeBytes(bytes, params.charset), parts: [] };
}

function findPart(part: MimePart, contentType: string): MimePart | undefined {
  if (part.parts.length === 0) {
    const attachment = (part.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment');
    return part.contentType === contentType && !attachment ? part : undefined;
  }
  for (const child of part.parts) {
    const found = findPart(child, contentType);
    if (found) return found;
  }
  return undefined;
}

function extractLinks(text: string | undefined, html: string | undefined): string[] {
  if (text) return [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0]);
  if (html) {
    return [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
      match[1]
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"'),
    );
  }
  return [];
}

/** Reads a raw RFC 5322 message (a Buffer from SMTP or an .eml file). */
export function parseMail(
  raw: Buffer | string,
  envelope: { from?: string; to?: string[] } = {},
): Omit<ReceivedMail, 'receivedAt'> {
  const binary =
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const root = parseEntity(binary);
  const text = findPart(root, 'text/plain')?.content;
  const html = findPart(root, 'text/html')?.content;
  const headers = new Map([...root.headers].map(([name, value]) => [name, decodeHeaderValue(value)]));
  const headerTo = (headers.get('to') ?? '').split(',').map((address) => address.trim());
  return {
    envelopeFrom: envelope.from ?? headers.get('from') ?? '',
    to: envelope.to ?? headerTo.filter(Boolean),
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    headers,
    text,
    html,
    links: extractLinks(text, html),
    raw: decodeBytes(Buffer.from(binary, 'latin1'), 'utf-8'),
  };
}

export interface TestSmtpServer {
  host: string;
  port: number;
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** How many SMTP connections clients opened so far. */
  readonly connections: number;
  /** How many messages were received so far (kept in `messages` or not). */
  readonly received: number;
  /** Resolves with the first message (received before or after the call) matching the predicate. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  stop(): Promise<void>;
}

export async function startSmtpServer(
  /**
   * keepMessages: false counts what arrives without keeping it (a bench's thousands of mails), and without
   * reading it unless a `waitFor` is waiting.
   */
  options: { port?: number; host?: string; keepMessages?: boolean } = {},
): Promise<TestSmtpServer> {
  const keepMessages = options.keepMessages ?? true;
  let received = 0;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const messages: ReceivedMail[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(100);

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 50 * 1024 * 1024,
    // Senders keep pooled connections open: stopping closes them after a second, not smtp-server's 30.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // Nobody reads it: counted, not parsed. A bench's thousands of mails would otherwise spend the measured
        // process's time on this reader, which no real mail relay takes from the sending server.
        if (!keepMessages && events.listenerCount('mail') === 0) {
          received += 1;
          callback();
          return;
        }
        try {
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((recipient) => recipient.address);
          const mail: ReceivedMail = {
            ...parseMail(Buffer.concat(chunks), { from: envelopeFrom, to }),
            receivedAt: new Date(),
          };
          received += 1;
          if (keepMessages) messages.push(mail);
          events.emit('mail', mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on('error', () => {
    // Client-side disconnects surface here; they are not the test's concern.
  });
  let connections = 0;
  server.server.on('connection', () => {
    connections += 1;
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });

  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    messages,
    get connections() {
      return connections;
    },
    get received() {
      return received;
    },
    waitFor(predicate = () => true, timeoutMs = 10_000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const onMail = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          events.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          events.off('mail', onMail);
          const seen = messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        events.on('mail', onMail);
      });
    },
    clear() {
      messages.length = 0;
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
