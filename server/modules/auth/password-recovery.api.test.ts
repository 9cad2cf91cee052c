import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, type TestTenant } from "@/tests/fixtures/factories";
import { drainJobs } from "@/tests/fixtures/jobs";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { closeEmailTransport } from "../../notifications/email";
import { setPasswordWithToken } from "../backoffice/set-password.service";
import { RECOVERY_LINK_MS } from "./password-recovery";

// '¿Has olvidado tu contraseña?' (issue 31 §7): one answer for every username, a one-time link by e-mail only to an
// active user with an address, valid 1 hour, once; the new password signs the person in.
jest.setTimeout(90_000);

let ctx: ApiContext;
let sink: SmtpSink;
let tenant: TestTenant;
const saved = { ...process.env };

beforeAll(async () => {
  [ctx, sink] = await Promise.all([createApiContext(), startSmtpSink()]);
  process.env.SMTP_URL = sink.url;
  process.env.SMTP_FROM = "avisos@volante.example";
  tenant = await createTenant(ctx.db, { name: "Autoescuela Olmo" });
});
beforeEach(async () => {
  // Jobs of earlier tests (and, on PostgreSQL, of earlier files) run first, so each test sees only its own mail.
  await drainJobs(ctx.db, new Date(Date.now() + 60_000));
  sink.clear();
});
afterAll(async () => {
  process.env = saved;
  closeEmailTransport();
  await Promise.all([sink.stop(), ctx.close()]);
});

let counter = 0;
const person = (over: Parameters<typeof createUser>[2] = {}) =>
  createUser(ctx.db, tenant, { roles: ["ROLE_ALUMNO"], username: `lucia${++counter}`, email: `lucia${counter}@correo.example`, ...over });
const ask = (username: string, host = tenant.host) => ctx.call("/auth/forgot-password", { method: "POST", host, body: { username } });
const linkIn = (text: string) => /\/establecer-contrasena#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
const deliver = () => drainJobs(ctx.db, new Date(Date.now() + 1000));

it("answers the same for an unknown user, a user without address and a user with one; mails only the last", async () => {
  const withEmail = await person();
  const withoutEmail = await person({ email: null });
  const answers = await Promise.all(["nadie-se-llama-asi", withoutEmail.username!, withEmail.username!.toUpperCase()].map((u) => ask(u)));
  for (const a of answers) expect({ status: a.status, json: a.json }).toEqual({ status: 202, json: { delivery: "email" } });
  await deliver();
  const [mail] = await sink.waitFor(1);
  await new Promise((r) => setTimeout(r, 300));
  expect(sink.messages).toHaveLength(1);
  expect(mail!.to).toEqual([withEmail.email]);
  expect(mail!.from).toEqual({ name: "Autoescuela Olmo", address: "avisos@volante.example" });
  expect(mail!.subject).toBe("Crea una contraseña nueva · Autoescuela Olmo");
  expect(mail!.text).toContain("caduca en 1 hora");
  expect(mail!.headers["list-unsubscribe"]).toBeUndefined();
  expect(linkIn(mail!.text)).toBeTruthy();
  expect(mail!.html).toContain(`#${linkIn(mail!.text)}`);
});

it("the link sets a new password once, signs the person in, and then no longer works", async () => {
  const user = await person();
  await ask(user.username!);
  await deliver();
  const token = linkIn((await sink.waitFor(1))[0]!.text)!;
  const set = await ctx.call("/auth/set-password", { method: "POST", host: tenant.host, body: { token, password: "Caballo-Naranja-42" } });
  expect(set.status).toBe(200);
  expect(set.json.username).toBe(user.username);
  const me = await ctx.call("/me", { host: tenant.host, token: set.json.token });
  expect(me.status).toBe(200);
  const login = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: user.username, password: "Caballo-Naranja-42" } });
  expect(login.status).toBe(200);
  const again = await ctx.call("/auth/set-password", { method: "POST", host: tenant.host, body: { token, password: "Otra-Clave-Segura-77" } });
  expect(again.status).toBe(400);
  expect(again.json.error).toBe("INVALID_SET_PASSWORD_TOKEN");
});

it("a link is good for one hour", async () => {
  const user = await person();
  await ask(user.username!);
  await deliver();
  const token = linkIn((await sink.waitFor(1))[0]!.text)!;
  const late = new Date(Date.now() + RECOVERY_LINK_MS + 60_000);
  await expect(setPasswordWithToken(ctx.db, tenant as never, { token, password: "Caballo-Naranja-42" }, late)).rejects.toMatchObject({ code: "INVALID_SET_PASSWORD_TOKEN" });
});

it("a flood of requests for one user sends one mail; inactive users and other schools' users get none", async () => {
  const user = await person();
  const inactive = await person({ isActive: false });
  const other = await createTenant(ctx.db, { name: "Autoescuela Pino" });
  await Promise.all(Array.from({ length: 8 }, () => ask(user.username!)));
  await ask(inactive.username!);
  expect((await ask(user.username!, other.host)).status).toBe(202);
  await deliver();
  await sink.waitFor(1);
  await new Promise((r) => setTimeout(r, 300));
  expect(sink.messages.map((m) => m.to[0])).toEqual([user.email]);
});

it("without e-mail configured says to ask the office, for everyone, and queues nothing", async () => {
  delete process.env.SMTP_URL;
  try {
    const user = await person();
    expect((await ask(user.username!)).json).toEqual({ delivery: "office" });
    expect((await ask("nadie")).json).toEqual({ delivery: "office" });
  } finally {
    process.env.SMTP_URL = sink.url;
  }
  await deliver();
  await new Promise((r) => setTimeout(r, 300));
  expect(sink.messages).toHaveLength(0);
});

it("refuses an empty username in the spec's format", async () => {
  const res = await ask("   ");
  expect(res.status).toBe(422);
  expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Escribe tu usuario" });
});
