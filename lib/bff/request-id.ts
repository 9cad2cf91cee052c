export const REQUEST_ID_HEADER = "x-request-id";

// The same rule as the API's (hono/request-id): letters, digits, '_', '-', '='; at most 255. Anything else is
// replaced, so what reaches the logs is never the caller's free text.
const WELL_FORMED = /^[\w\-=]{1,255}$/;

/** A request id from the proxy in front of Next (or the caller) when it is well formed, else a fresh one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}
