// Plain values of the messaging contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./paging";

export const MESSAGE_MAX_LENGTH = 4000;

// Paging of a conversation's messages (security round three): the newest page first, older ones by cursor; the sizes
// of every paged list.
export const MESSAGES_PAGE_DEFAULT = DEFAULT_PAGE_SIZE;
export const MESSAGES_PAGE_MAX = MAX_PAGE_SIZE;

// On top of the flood guard (20 per 10 s, server/modules/messaging/rate-limit.ts): messages one author may write in
// one conversation per school day (the school's time zone). A busy day between a student and the office is a few
// dozen; 500 × 4,000 characters (2 MB) bounds what one person can add to a conversation in a day.
export const MESSAGES_DAILY_CAP = 500;
export const DAILY_CAP_ERROR = "DAILY_MESSAGE_LIMIT";
export const dailyCapMessage = (cap: number) =>
  `Has alcanzado el límite de ${cap} mensajes diarios en esta conversación. Podrás volver a escribir mañana.`;
