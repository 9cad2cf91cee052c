import { NextResponse, type NextRequest } from "next/server";
import { ALL_SESSION_COOKIES, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE, resolveToken } from "@/lib/session/cookies";
import { areaOfPath, homePath, primaryArea } from "@/lib/session/roles";
import { verifyToken } from "@/lib/session/token";
import { isSessionCurrent } from "@/lib/bff/session-check";
import { contentSecurityPolicy, newNonce } from "@/lib/security/csp";

// Pages anyone may open: the login, the one-time set-password link, the forgotten-password request and the e-mails'
// unsubscribe link.
const PUBLIC_PATHS = new Set(["/establecer-contrasena", "/recuperar-contrasena", "/baja"]);

function toLogin(request: NextRequest, clear: string[] = []): NextResponse {
  const response = NextResponse.redirect(new URL("/login", request.url));
  for (const name of clear) response.cookies.delete(name);
  return response;
}

// The design's middleware: authentication guard, role routing, the impersonation cookie pair, and every page's
// Content-Security-Policy with a fresh nonce.
export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = await route(request, requestHeaders);
  response.headers.set("content-security-policy", policy);
  return response;
}

async function route(request: NextRequest, requestHeaders: Headers): Promise<NextResponse> {
  const next = () => NextResponse.next({ request: { headers: requestHeaders } });
  const { pathname } = request.nextUrl;
  const resolved = await resolveToken(request.cookies);
  let claims = await verifyToken(resolved.token);
  let dropImpersonation = false;
  if (!claims && resolved.isImpersonating) {
    // A broken or expired impersonation pair falls back to the administrator's own session.
    claims = await verifyToken(resolved.originalToken);
    dropImpersonation = true;
  }
  const hadCookies = ALL_SESSION_COOKIES.some((name) => request.cookies.has(name));

  if (PUBLIC_PATHS.has(pathname)) return next();
  // The signature says who; the API says whether the session still stands (signed out elsewhere, password changed,
  // user deactivated): a revoked session renders no signed-in page. Cached a few seconds (lib/bff/session-check.ts).
  const token = dropImpersonation ? resolved.originalToken : resolved.token;
  const isRevoked = !!claims && !!token && !(await isSessionCurrent(request, token));
  if (isRevoked) {
    console.warn(`[proxy] revoked session of user ${claims!.uuid} on ${pathname}; signing out`);
    claims = null;
  }
  if (pathname === "/login") {
    if (claims && primaryArea(claims.roles)) return NextResponse.redirect(new URL("/", request.url));
    const response = next();
    if (hadCookies && !claims) for (const name of ALL_SESSION_COOKIES) response.cookies.delete(name);
    return response;
  }
  if (!claims) {
    if (resolved.token && !isRevoked) console.warn(`[proxy] invalid session token on ${pathname}; signing out`);
    return toLogin(request, hadCookies ? ALL_SESSION_COOKIES : []);
  }
  const area = primaryArea(claims.roles);
  if (!area) {
    console.warn(`[proxy] user ${claims.uuid} has no recognised role (${claims.roles.join(", ")}); signing out`);
    return toLogin(request, ALL_SESSION_COOKIES);
  }

  let response: NextResponse;
  const isAreaRoot = (pathname === "/student" && area === "student") || (pathname === "/instructor" && area === "instructor") || (pathname === "/administrator" && area === "administrator");
  // The administrator's area root is its home (issue 31 §1): redirecting it to itself would loop.
  if ((pathname === "/" || isAreaRoot) && pathname !== homePath(area)) {
    response = NextResponse.redirect(new URL(homePath(area), request.url));
  } else if (areaOfPath(pathname) && areaOfPath(pathname) !== area) {
    // Another role's area: the not-found page, as if the route did not exist (the API refuses it too).
    response = NextResponse.rewrite(new URL("/_area-not-found", request.url), { request: { headers: requestHeaders } });
  } else {
    response = next();
  }
  if (dropImpersonation) {
    response.cookies.delete(IMPERSONATION_HP_COOKIE);
    response.cookies.delete(IMPERSONATION_S_COOKIE);
  }
  return response;
}

export const config = {
  // Only real static files skip the guard: a page path ending in '.png' is still a page (and still guarded).
  matcher: ["/((?!api/|_next/static|_next/image|tenants/|pdf\\.worker|sw\\.js$|offline\\.html$|offline\\.css$|offline\\.js$|favicon\\.ico$|robots\\.txt$).*)"],
};
