import nodemailer, { type Transporter } from "nodemailer";

// E-mail by SMTP (SMTP_URL: smtp://user:pass@host:587 with STARTTLS when the server offers it, smtps:// for implicit
// TLS). Off when SMTP_URL is unset: the demo runs without it and the in-app list holds everything.

export type EmailLogo = { filename: string; content: Buffer; contentType: string; cid: string };

export type EmailMessage = {
  to: string;
  /** The sender's display name; the address is SMTP_FROM. */
  schoolName: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Stable per notification (emailMessageId): a resend after a crash is recognisably the same mail. */
  messageId: string;
  /** https URL that unsubscribes on POST (RFC 8058 one-click); absent for account mail (a password link) nobody opts into. */
  unsubscribeUrl?: string;
  logo?: EmailLogo | null;
  /** When SMTP_FROM is unset: an address on the school's domain. */
  fallbackFrom?: string;
};

export class EmailError extends Error {
  constructor(
    message: string,
    /** The server refused the message for good (5xx): retrying cannot help. */
    readonly isPermanent: boolean,
  ) {
    super(message);
  }
}

export function emailConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.SMTP_URL);
}

/** RFC 5322 msg-id, the same for every attempt at one notification's e-mail. */
export function emailMessageId(notificationId: string): string {
  return `<${notificationId}.email@volante>`;
}

// One pooled transport per SMTP_URL: a burst of reminders reuses a few connections instead of one per mail.
const cache = globalThis as unknown as { __volanteSmtp?: { url: string; transport: Transporter } };

function transport(url: string): Transporter {
  if (cache.__volanteSmtp?.url !== url) {
    cache.__volanteSmtp?.transport.close();
    const transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 5,
      maxMessages: 500,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as nodemailer.TransportOptions);
    cache.__volanteSmtp = { url, transport };
  }
  return cache.__volanteSmtp.transport;
}

/** Closes the pooled connections (tests, shutdown). */
export function closeEmailTransport(): void {
  cache.__volanteSmtp?.transport.close();
  cache.__volanteSmtp = undefined;
}

/** Sends one mail; resolves once the SMTP server has accepted it, throws EmailError otherwise (the queue retries). */
export async function sendEmail(message: EmailMessage, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!env.SMTP_URL) throw new EmailError("E-mail is not configured (SMTP_URL)", true);
  const from = env.SMTP_FROM ?? message.fallbackFrom ?? "notificaciones@localhost";
  try {
    await transport(env.SMTP_URL).sendMail({
      from: { name: message.schoolName, address: from },
      to: message.to,
      replyTo: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
      // What nodemailer would choose for Spanish text anyway, without scanning every body to choose it (a burst of
      // reminders spent ~0.2 ms a mail there). Not base64: spam filters count base64 text parts against a mail.
      textEncoding: "quoted-printable",
      headers: {
        ...(message.unsubscribeUrl ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
        // RFC 3834: no vacation auto-replies to notifications.
        "Auto-Submitted": "auto-generated",
      },
      attachments: message.logo
        ? [{ filename: message.logo.filename, content: message.logo.content, contentType: message.logo.contentType, cid: message.logo.cid, contentDisposition: "inline" }]
        : [],
    });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    throw new EmailError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, typeof code === "number" && code >= 500);
  }
}
