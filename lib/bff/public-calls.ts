// API routes that do not ride the session. None of them receives the session's bearer token: each needs no proof
// or proves itself (the calendar feed with its secret token), and a stale session cookie in the browser must not
// turn them into a 401. Those that may come from any origin carry no session cookie and prove themselves otherwise:
// Stripe signs its webhook, and a set-password call carries its one-time token.
const PUBLIC_CALLS: Record<string, { isFromAnyOrigin: boolean }> = {
  "/api/info": { isFromAnyOrigin: false },
  "/api/manifest": { isFromAnyOrigin: false },
  "/api/login": { isFromAnyOrigin: false },
  "/api/calendar/feed.ics": { isFromAnyOrigin: false },
  "/api/shop/stripe/webhook": { isFromAnyOrigin: true },
  "/api/auth/set-password": { isFromAnyOrigin: true },
  "/api/auth/forgot-password": { isFromAnyOrigin: false },
  // An e-mail's unsubscribe link proves itself with its signed token; a mail client's one-click POST (RFC 8058) comes
  // from anywhere, without cookies.
  "/api/notifications/unsubscribe": { isFromAnyOrigin: true },
};

export const isPublicCall = (path: string) => Object.hasOwn(PUBLIC_CALLS, path);

export const isFromAnyOrigin = (path: string) => PUBLIC_CALLS[path]?.isFromAnyOrigin === true;
