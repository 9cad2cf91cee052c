import { expect } from "@playwright/test";
import { mailSinkSetup } from "./mail-sink-config";

// What the e2e server's mail sink received (tests/e2e/support/mail-sink-server.ts).
export type Mail = { to: string[]; subject: string; text: string; html: string };

const port = Number(process.env.E2E_PORT ?? 3100);
const mailbox = `http://127.0.0.1:${mailSinkSetup(port).mailboxPort}/messages`;

export async function mailsTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(mailbox)).json()) as Mail[];
  return all.filter((m) => m.to.map((t) => t.toLowerCase()).includes(address.toLowerCase()));
}

/** Waits for a mail to `address` whose subject contains `subject` (the app sends from its job queue, within seconds). */
export async function waitForMail(address: string, subject: string, timeout = 30_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find((m) => m.subject.includes(subject));
      return Boolean(found);
    }, { timeout, message: `a mail to ${address} about «${subject}»` })
    .toBe(true);
  return found!;
}
