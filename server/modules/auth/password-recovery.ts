import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { ForgotPasswordBody, ForgotPasswordResponse } from "@/lib/contract/auth";
import type { Db, DbOrTx } from "../../db/client";
import { tenants } from "../../db/schema/core";
import type { Tenant } from "../../http/context";
import { emailConfigured, sendEmail } from "../../notifications/email";
import { schoolLogo } from "../../notifications/email-logo";
import { REPLY_TO_SETTING } from "../../notifications/email-message";
import { registerJobHandler } from "../../notifications/job-registry";
import { scheduleJob, type Job } from "../../notifications/queue";
import { schoolOrigin, schoolUrl } from "../../notifications/school-url";
import { listSettings } from "../config/config.repository";
import { insertSetupToken } from "../backoffice/password-setup.repository";
import { hashSetupToken } from "../backoffice/users-admin.service";
import { findUserByLogin } from "../users/users.repository";

// '¿Has olvidado tu contraseña?' (issue 31 §7). The request only queues a job, the same work whoever is named: the
// answer and its timing say nothing about the account. The job, in the background, makes a one-time link (stored
// hashed, 1 hour, the set-password links' table) and mails it when the user exists, is active, has an address and the
// school sends e-mail. One job per username and 10 minutes: a flood of requests sends one mail.
export const RECOVERY_JOB = "password-recovery";
export const RECOVERY_LINK_MS = 60 * 60 * 1000;
const RECOVERY_WINDOW_MS = 10 * 60 * 1000;

type RecoveryPayload = { tenantId: string; login: string };

export async function requestPasswordRecovery(db: Db, tenant: Tenant, body: ForgotPasswordBody, now = new Date()): Promise<ForgotPasswordResponse> {
  const login = body.username.trim();
  const delivery = emailConfigured() ? "email" : "office";
  if (delivery === "email") {
    const who = crypto.createHash("sha256").update(`${tenant.id}:${login.toLowerCase()}`).digest("hex").slice(0, 32);
    const payload: RecoveryPayload = { tenantId: tenant.id, login };
    await scheduleJob(db, { key: `${RECOVERY_JOB}:${who}:${Math.floor(now.getTime() / RECOVERY_WINDOW_MS)}`, kind: RECOVERY_JOB, runAt: now, payload, tenantId: tenant.id });
  }
  return { delivery };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderRecoveryEmail(input: { schoolName: string; firstName: string; link: string; logoCid: string | null }) {
  const subject = `Crea una contraseña nueva · ${input.schoolName}`;
  const intro = `Hola, ${input.firstName}: alguien (seguramente tú) ha pedido crear una contraseña nueva para tu cuenta de ${input.schoolName}.`;
  const expiry = "El enlace sirve una sola vez y caduca en 1 hora.";
  const ignore = "Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.";
  const text = [intro, "", "Crea tu contraseña nueva aquí:", input.link, "", expiry, ignore].join("\n");
  const logo = input.logoCid ? `<img src="cid:${input.logoCid}" alt="${escapeHtml(input.schoolName)}" height="48" style="display:block;margin:0 0 16px">` : "";
  const html = `<!doctype html><html lang="es"><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f9fafb">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><tr><td>
${logo}<h1 style="font-size:20px;margin:0 0 12px">Crea una contraseña nueva</h1>
<p style="font-size:16px;line-height:24px;margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:16px">Crear contraseña nueva</a></p>
<p style="font-size:14px;line-height:20px;color:#4b5563;margin:0 0 8px">${escapeHtml(expiry)}</p>
<p style="font-size:14px;line-height:20px;color:#4b5563;margin:0">${escapeHtml(ignore)}</p>
</td></tr></table></body></html>`;
  return { subject, text, html };
}

async function findTenant(db: DbOrTx, id: string): Promise<Tenant | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

async function runRecovery(job: Job, { db, now }: { db: Db; now: Date }): Promise<void> {
  const payload = job.payload as RecoveryPayload;
  const tenant = await findTenant(db, payload.tenantId);
  if (!tenant?.isActive || !emailConfigured()) return;
  const user = await findUserByLogin(db, tenant.id, payload.login);
  if (!user?.isActive || !user.username || !user.email) return;
  const token = crypto.randomBytes(32).toString("base64url");
  // Earlier links stay valid (an office's link for a new user must not be voided by anyone typing its username).
  await insertSetupToken(db, { tenantId: tenant.id, userId: user.id, tokenHash: hashSetupToken(token), expiresAt: new Date(now.getTime() + RECOVERY_LINK_MS), createdBy: null });
  const [settings, logo] = await Promise.all([listSettings(db, tenant.id), schoolLogo(db, tenant)]);
  const rendered = renderRecoveryEmail({ schoolName: tenant.name, firstName: user.firstName, link: schoolUrl(tenant, `/establecer-contrasena#${token}`), logoCid: logo?.cid ?? null });
  await sendEmail({
    to: user.email,
    schoolName: tenant.name,
    replyTo: settings[REPLY_TO_SETTING]?.trim() || null,
    ...rendered,
    messageId: `<${job.id}.recovery@volante>`,
    logo,
    fallbackFrom: `notificaciones@${new URL(schoolOrigin(tenant)).hostname}`,
  });
}

registerJobHandler(RECOVERY_JOB, runRecovery);
