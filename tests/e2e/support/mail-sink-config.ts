// The e2e server's e-mail (playwright.config.ts): a real SMTP server (tests/support/smtp-sink.ts) on SMTP_PORT, and a
// small HTTP mailbox on MAILBOX_PORT where journeys read what arrived (tests/e2e/support/mailbox.ts).
export function mailSinkSetup(appPort: number) {
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? appPort + 1100);
  const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? appPort + 1200);
  const password = "e2e-smtp-password";
  return {
    mailboxPort,
    appEnv: { SMTP_URL: `smtp://volante:${password}@127.0.0.1:${smtpPort}`, SMTP_FROM: "avisos@volante.test" },
    sinkEnv: { SMTP_PORT: String(smtpPort), MAILBOX_PORT: String(mailboxPort), SMTP_PASSWORD: password },
  };
}
