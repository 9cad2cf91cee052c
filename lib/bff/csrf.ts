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
