import { ALL_SESSION_COOKIES } from "@/lib/session/cookies";
import { isFromAnyOrigin } from "./public-calls";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// State-changing calls must come from our own pages. Browsers send Origin (or at least Sec-Fetch-Site) on every
// such request; one showing neither our host nor "same-origin" is refused, and so is one with no evidence at all
// that carries a session cookie (nothing may ride the cookie without proving where it comes from).
export function isCrossSite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (isFromAnyOrigin(new URL(request.url).pathname)) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return true;
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source) return fetchSite !== "same-origin" && hasSessionCookie(request);
  try {
    return new URL(source).host.toLowerCase() !== (request.headers.get("host") ?? "").toLowerCase();
  } catch {
    return true;
  }
}

function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return ALL_SESSION_COOKIES.some((name) => cookie.includes(`${name}=`));
}

// Positive proof that a request comes from one of our pages: Sec-Fetch-Site "same-origin", or an Origin on our host.
// Stricter than !isCrossSite (which lets the from-anywhere calls through): used where a call may come from anywhere but
// only our own pages may start a session with it.
export function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host.toLowerCase() === (request.headers.get("host") ?? "").toLowerCase();
  } catch {
    return false;
  }
}
