import { NOTIFICATION_CATEGORY_LABELS, type NotificationCategory } from "@/lib/contract/constants/notifications";
import type { DbOrTx } from "../db/client";
import type { Tenant } from "../http/context";
import { listSettings } from "../modules/config/config.repository";
import { emailMessageId, type EmailMessage } from "./email";
import { schoolLogo } from "./email-logo";
import { renderEmail } from "./email-render";
import { schoolOrigin, schoolUrl } from "./school-url";
import { unsubscribeToken } from "./unsubscribe-token";

export const REPLY_TO_SETTING = "notification_reply_to";
export const UNSUBSCRIBE_API_PATH = "/api/notifications/unsubscribe";
export const UNSUBSCRIBE_PAGE_PATH = "/baja";

export type EmailNotification = {
  id: string;
  userId: string;
  category: NotificationCategory;
  title: string;
  body: string;
  /** An app path, '/student/reservations?id=…'. */
  link: string;
};

/** Everything of one notification's e-mail to one address, ready for sendEmail(). */
/** `settings`: the school's, when the caller has read them already (a round of deliveries reads them once). */
export async function buildEmailMessage(
  db: DbOrTx,
  input: { tenant: Tenant; notification: EmailNotification; to: string; settings?: Record<string, string> },
): Promise<EmailMessage> {
  const { tenant, notification: n } = input;
  const [settings, logo] = await Promise.all([input.settings ?? listSettings(db, tenant.id), schoolLogo(db, tenant)]);
  const token = unsubscribeToken({ tenantId: tenant.id, userId: n.userId, category: n.category });
  const rendered = renderEmail({
    school: { name: tenant.name, themeColor: tenant.themeColor },
    logoCid: logo?.cid ?? null,
    title: n.title,
    body: n.body,
    link: schoolUrl(tenant, n.link),
    categoryLabel: NOTIFICATION_CATEGORY_LABELS[n.category] ?? n.category,
    unsubscribePageUrl: schoolUrl(tenant, `${UNSUBSCRIBE_PAGE_PATH}?token=${token}`),
    preferencesUrl: schoolUrl(tenant, "/perfil"),
  });
  return {
    to: input.to,
    schoolName: tenant.name,
    replyTo: settings[REPLY_TO_SETTING]?.trim() || null,
    ...rendered,
    messageId: emailMessageId(n.id),
    unsubscribeUrl: schoolUrl(tenant, `${UNSUBSCRIBE_API_PATH}?token=${token}`),
    logo,
    fallbackFrom: `notificaciones@${new URL(schoolOrigin(tenant)).hostname}`,
  };
}
