import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, parsed by mailparser. Usable from jest
// and from Playwright: point SMTP_URL at `sink.url`. It asks for the credentials in that URL (AUTH PLAIN/LOGIN over
// plain text, no STARTTLS: nothing leaves the machine).

export type SinkAttachment = { filename: string | null; contentType: string; cid: string | null; contentDisposition: string | null; content: Buffer };

export type SinkMessage = {
  envelope: { from: string; to: string[] };
  from: { name: string; address: string } | null;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  /** As sent: cid: links are kept (not turned into data: URIs). */
  html: string;
  messageId: string | null;
  /** Raw header values by lower-cased name, unfolded (several of one name joined by "\n"). */
  headers: Record<string, string>;
  attachments: SinkAttachment[];
  /** Null for a message the sink did not parse (parseEvery): then only `envelope`, `to` (the envelope's) and `raw` hold. */
  parsed: ParsedMail | null;
  raw: Buffer;
};

export type SmtpSink = {
  url: string;
  port: number;
  messages: SinkMessage[];
  /** From now on, RCPT TO this address is refused with this code (550: for good; 451: try later). */
  refuse(address: string, code?: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<SinkMessage[]>;
  clear(): void;
  stop(): Promise<void>;
};

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);

function rawHeaders(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}\n${value}`;
  }
  return headers;
}

async function toMessage(raw: Buffer, envelope: SinkMessage["envelope"]): Promise<SinkMessage> {
  const parsed = await simpleParser(raw, { keepCidLinks: true });
  const from = parsed.from?.value[0];
  return {
    envelope,
    from: from ? { name: from.name, address: from.address ?? "" } : null,
    to: addresses(parsed.to),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: parsed.html || "",
    messageId: parsed.messageId ?? null,
    headers: rawHeaders(parsed),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      cid: a.cid ?? null,
      contentDisposition: a.contentDisposition ?? null,
      content: a.content,
    })),
    parsed,
    raw,
  };
}

function unparsed(raw: Buffer, envelope: SinkMessage["envelope"]): SinkMessage {
  return { envelope, from: null, to: envelope.to, replyTo: [], subject: "", text: "", html: "", messageId: null, headers: {}, attachments: [], parsed: null, raw };
}

/**
 * `port`/`password` fixed for a server other processes must find (the e2e mailbox); random otherwise. `parseEvery`: parse
 * one message in that many (default every one); a bench receiving thousands checks a sample and counts the rest by
 * their envelope, so that the sink's own CPU (it stands for another host) does not weigh on what is measured.
 */
export async function startSmtpSink(options: { port?: number; password?: string; parseEvery?: number } = {}): Promise<SmtpSink> {
  const parseEvery = Math.max(1, Math.floor(options.parseEvery ?? 1));
  let received = 0;
  const user = "volante";
  const pass = options.password ?? crypto.randomBytes(8).toString("hex");
  const messages: SinkMessage[] = [];
  const refused = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code) callback(Object.assign(new Error(`Refused by the test sink (${code})`), { responseCode: code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const raw = Buffer.concat(chunks);
        const isSampled = received++ % parseEvery === 0;
        (isSampled ? toMessage(raw, envelope) : Promise.resolve(unparsed(raw, envelope))).then(
          (message) => {
            messages.push(message);
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    port,
    messages,
    refuse(address, code = 550) {
      refused.set(address.toLowerCase(), code);
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          if (messages.length < count) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(messages.slice());
        };
        const wake = () => done();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`SMTP sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        done();
      });
    },
    clear() {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
