import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import sharp from "sharp";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant } from "@/tests/fixtures/factories";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { upsertAsset } from "../modules/tenants/tenant-admin.repository";
import { closeEmailTransport, emailConfigured, EmailError, sendEmail } from "./email";
import { buildEmailMessage, type EmailNotification } from "./email-message";
import { readUnsubscribeToken } from "./unsubscribe-token";

jest.setTimeout(60_000);

let ctx: ApiContext;
let sink: SmtpSink;
const saved = { ...process.env };

beforeAll(async () => {
  [ctx, sink] = await Promise.all([createApiContext(), startSmtpSink()]);
  process.env.SMTP_URL = sink.url;
  process.env.SMTP_FROM = "avisos@volante.example";
});
beforeEach(() => sink.clear());
afterAll(async () => {
  process.env = saved;
  closeEmailTransport();
  await Promise.all([sink.stop(), ctx.close()]);
});

const notification = (userId: string, over: Partial<EmailNotification> = {}): EmailNotification => ({
  id: crypto.randomUUID(),
  userId,
  category: "reminders",
  title: "Recordatorio: clase mañana a las 10:00",
  body: "Tienes una clase práctica con Carlos Ruiz el martes 1 de diciembre de 10:00 a 11:00.",
  link: "/student/reservations?id=r-123",
  ...over,
});

async function schoolWithLogo(): Promise<{ tenant: TestTenant; logo: Buffer }> {
  const tenant = await createTenant(ctx.db, { name: "Autoescuela Álamo", headerLogo: "/api/tenant-assets/header-logo.png" });
  const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: "#0f766e" } }).png().toBuffer();
  await upsertAsset(ctx.db, tenant.id, "header-logo.png", "image/png", logo);
  return { tenant, logo };
}

async function setReplyTo(tenant: TestTenant, value: string) {
  const admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  return ctx.call("/administrator/settings", { method: "PUT", host: tenant.host, token: await tokenFor(admin, tenant), body: { notification_reply_to: value } });
}

describe("a notification e-mail as it arrives (SMTP sink + mailparser)", () => {
  it("comes from the school's name, answers to its reply-to, in Spanish, with its logo and a one-click unsubscribe", async () => {
    const { tenant, logo } = await schoolWithLogo();
    expect((await setReplyTo(tenant, "  secretaria@alamo.example ")).status).toBe(200);
    const student = await createUser(ctx.db, tenant, { email: "lucia@example.com" });
    const n = notification(student.id);

    await sendEmail(await buildEmailMessage(ctx.db, { tenant, notification: n, to: "lucia@example.com" }));
    const [mail] = await sink.waitFor(1);

    expect(mail!.from).toEqual({ name: "Autoescuela Álamo", address: "avisos@volante.example" });
    expect(mail!.envelope).toEqual({ from: "avisos@volante.example", to: ["lucia@example.com"] });
    expect(mail!.to).toEqual(["lucia@example.com"]);
    expect(mail!.replyTo).toEqual(["secretaria@alamo.example"]);
    expect(mail!.subject).toBe("Recordatorio: clase mañana a las 10:00");
    expect(mail!.messageId).toBe(`<${n.id}.email@volante>`);
    expect(mail!.headers["auto-submitted"]).toBe("auto-generated");

    const link = `https://${tenant.host}/student/reservations?id=r-123`;
    // Plain text: the same message, the link and the way out, in Spanish.
    expect(mail!.text).toContain("Tienes una clase práctica con Carlos Ruiz el martes 1 de diciembre de 10:00 a 11:00.");
    expect(mail!.text).toContain(`Ver en la aplicación: ${link}`);
    expect(mail!.text).toContain("Recibes este correo porque tienes activados los avisos de «Recordatorios» de Autoescuela Álamo.");
    expect(mail!.text).toMatch(new RegExp(`Para no recibir más correos de «Recordatorios»: https://${tenant.host}/baja\\?token=[\\w.-]+`));
    // HTML: Spanish, the logo shown inline from the attachment, the button to the screen.
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.html).toContain('src="cid:logo@volante"');
    expect(mail!.html).toContain(`<a href="${link.replace(/&/g, "&amp;")}"`);
    expect(mail!.html).toContain("Ver en la aplicación");
    expect(mail!.html).toContain("No recibir más correos de «Recordatorios»");
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ cid: "logo@volante", contentType: "image/png", contentDisposition: "inline" });
    expect(mail!.attachments[0]!.content.equals(logo)).toBe(true);

    // RFC 8058: an https URL of the school's own domain that unsubscribes on POST, for this user and category.
    const unsubscribe = /^<(https:\/\/[^>]+)>$/.exec(mail!.headers["list-unsubscribe"] ?? "");
    expect(unsubscribe).not.toBeNull();
    const url = new URL(unsubscribe![1]!);
    expect(`${url.origin}${url.pathname}`).toBe(`https://${tenant.host}/api/notifications/unsubscribe`);
    expect(readUnsubscribeToken(url.searchParams.get("token")!)).toEqual({ tenantId: tenant.id, userId: student.id, category: "reminders" });
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("without a reply-to setting or a logo: no Reply-To, no attachment, the school's name heads the mail; markup in texts is escaped", async () => {
    const tenant = await createTenant(ctx.db, { name: "Autoescuela <Sur> & Co" });
    const user = await createUser(ctx.db, tenant);
    const n = notification(user.id, { category: "exams", title: "Resultado <b>publicado</b>", body: "Apto & <script>x</script>" });
    await sendEmail(await buildEmailMessage(ctx.db, { tenant, notification: n, to: "alumno@example.com" }));
    const [mail] = await sink.waitFor(1);
    expect(mail!.replyTo).toEqual([]);
    expect(mail!.attachments).toEqual([]);
    expect(mail!.from?.name).toBe("Autoescuela <Sur> & Co");
    expect(mail!.html).toContain("Autoescuela &lt;Sur&gt; &amp; Co</strong>");
    expect(mail!.html).toContain("Apto &amp; &lt;script&gt;x&lt;/script&gt;");
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.subject).toBe("Resultado <b>publicado</b>");
    expect(mail!.text).toContain("los avisos de «Exámenes»");
  });

  it("attaches a demo school's committed logo (public/tenants/<slug>/…)", async () => {
    const tenant = await createTenant(ctx.db, { headerLogo: "/tenants/demo/header-logo.png" });
    const user = await createUser(ctx.db, tenant);
    await sendEmail(await buildEmailMessage(ctx.db, { tenant, notification: notification(user.id), to: "a@example.com" }));
    const [mail] = await sink.waitFor(1);
    const file = fs.readFileSync(path.join(process.cwd(), "public", "tenants", "demo", "header-logo.png"));
    expect(mail!.attachments[0]!.content.equals(file)).toBe(true);
  });

  it("a link that is not an app path opens the school's home page, never another site", async () => {
    const tenant = await createTenant(ctx.db);
    const user = await createUser(ctx.db, tenant);
    await sendEmail(await buildEmailMessage(ctx.db, { tenant, notification: notification(user.id, { link: "//evil.example/x" }), to: "a@example.com" }));
    const [mail] = await sink.waitFor(1);
    expect(mail!.text).toContain(`Ver en la aplicación: https://${tenant.host}/\n`);
    expect(mail!.html).not.toContain("evil.example");
  });

  it("a refusal for good (5xx) is permanent, a temporary one (4xx) is not; without SMTP_URL e-mail is off", async () => {
    const tenant = await createTenant(ctx.db);
    const user = await createUser(ctx.db, tenant);
    sink.refuse("gone@example.com", 550);
    sink.refuse("full@example.com", 452);
    const message = await buildEmailMessage(ctx.db, { tenant, notification: notification(user.id), to: "gone@example.com" });
    await expect(sendEmail(message)).rejects.toMatchObject({ isPermanent: true });
    await expect(sendEmail({ ...message, to: "full@example.com" })).rejects.toMatchObject({ isPermanent: false });
    await expect(sendEmail({ ...message, to: "full@example.com" })).rejects.toBeInstanceOf(EmailError);
    expect(sink.messages).toHaveLength(0);
    expect(emailConfigured()).toBe(true);
    expect(emailConfigured({ ...process.env, SMTP_URL: undefined })).toBe(false);
  });
});

describe("the 'Correo de respuesta' setting", () => {
  it("is empty by default, keeps a valid address and refuses another value in Spanish", async () => {
    const tenant = await createTenant(ctx.db);
    const student = await createUser(ctx.db, tenant);
    const config = await ctx.call("/config", { host: tenant.host, token: await tokenFor(student, tenant) });
    expect(config.json.notification_reply_to).toEqual({ value: "" });
    const saved = await setReplyTo(tenant, "oficina@autoescuela.example");
    expect(saved.json.notification_reply_to).toEqual({ value: "oficina@autoescuela.example" });
    const refused = await setReplyTo(tenant, "oficina en la calle mayor");
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ error: "VALIDATION_ERROR", message: "El correo de respuesta no es válido" });
    expect((await setReplyTo(tenant, "")).json.notification_reply_to).toEqual({ value: "" });
  });
});
