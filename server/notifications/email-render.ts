// The e-mail of one notification, in Spanish: an HTML body (inline styles and a table layout, which is what mail
// clients render alike) and its plain-text twin. Pure: URLs and the logo's Content-ID come from the caller.

export type EmailRenderInput = {
  school: { name: string; themeColor?: string | null };
  /** cid of the inline logo attachment, or null when the school has none. */
  logoCid: string | null;
  title: string;
  body: string;
  /** Absolute URL of the notification's screen on the school's domain. */
  link: string;
  categoryLabel: string;
  /** The page that confirms the unsubscribe (/baja?token=…). */
  unsubscribePageUrl: string;
  /** Mi perfil, where every preference is. */
  preferencesUrl: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// The school's colour for the button, when it is a plain hex colour (it goes into a style attribute).
const buttonColor = (color?: string | null) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#0f766e");

// Header fields must not carry line breaks (nodemailer folds, but a title is one line anyway).
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

// Footer links a thumb can hit on a phone: a line of their own, 44 px tall.
const footerLink = "display:block;padding:12px 0;line-height:20px;color:#6b7280";

export function renderEmail(input: EmailRenderInput): RenderedEmail {
  const { school, title, body, link, categoryLabel } = input;
  const why = `Recibes este correo porque tienes activados los avisos de «${categoryLabel}» de ${school.name}.`;
  const text = [
    title,
    "",
    body,
    "",
    `Ver en la aplicación: ${link}`,
    "",
    "-- ",
    school.name,
    why,
    `Para no recibir más correos de «${categoryLabel}»: ${input.unsubscribePageUrl}`,
    `Todas tus preferencias, en Mi perfil: ${input.preferencesUrl}`,
    "",
  ].join("\n");

  const e = escapeHtml;
  const color = buttonColor(school.themeColor);
  const header = input.logoCid
    ? `<img src="cid:${e(input.logoCid)}" alt="${e(school.name)}" height="48" style="display:block;height:48px;width:auto;border:0">`
    : `<strong style="font-size:18px;color:#111827">${e(school.name)}</strong>`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#374151">${e(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px">${header}</td></tr>
<tr><td style="padding:16px 24px 8px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827">${e(title)}</h1>
${paragraphs}
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:6px;background:${color}">
<a href="${e(link)}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">Ver en la aplicación</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:24px;font-size:13px;line-height:1.5;color:#6b7280">
<p style="margin:0 0 8px">${e(why)}</p>
<a href="${e(input.unsubscribePageUrl)}" style="${footerLink}">No recibir más correos de «${e(categoryLabel)}»</a>
<a href="${e(input.preferencesUrl)}" style="${footerLink}">Mis preferencias</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { subject: oneLine(title), text, html };
}
