/**
 * A real SMTP server for tests (smtp-server on a free loopback port) that keeps what arrives:
 * the envelope, who logged in, and the message's From, To, Subject and text, decoded.
 *
 *   const smtp = await startTestSmtpServer({ user: 'shop', pass: 'secret' });
 *   …send to smtp.url…
 *   const mail = await smtp.next();    // the first message not read yet
 *   await smtp.close();
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The user the client logged in as, if it did. */
  user: string | undefined;
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>` (without credentials when none are required). */
  url: string;
  received: ReceivedMail[];
  next(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(options: { user?: string; pass?: string; rejectRecipient?: string } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let read = 0;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain text on loopback: the built-in certificate would fail nodemailer's check anyway.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: options.user === undefined,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.rejectRecipient) callback(Object.assign(new Error(`<${address.address}>: no such user here`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          envelope: { from: mailFrom ? mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
          user: typeof session.user === 'string' ? session.user : undefined,
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user === undefined ? '' : `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`;
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    async next() {
      while (read >= received.length) await new Promise<void>((resolve) => waiting.push(resolve));
      return received[read++];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, encoded words decoded) and the text part of a single-part message as nodemailer writes it. */
function parseMessage(raw: string): Pick<ReceivedMail, 'from' | 'to' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { from: headers.get('from') ?? '', to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text: text.replace(/\r\n$/, '') };
}

/** RFC 2047 `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`; adjacent encoded words join without the space between them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
