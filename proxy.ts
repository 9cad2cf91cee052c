import { NextResponse, type NextRequest } from "next/server";
import { ALL_SESSION_COOKIES, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE, resolveToken } from "@/lib/session/cookies";
import { areaOfPath, homePath, primaryArea } from "@/lib/session/roles";
import { verifyToken } from "@/lib/session/token";

function toLogin(request: NextRequest, clear: string[] = []): NextResponse {
  const response = NextResponse.redirect(new URL("/login", request.url));
  for (const name of clear) response.cookies.delete(name);
  return response;
}

// The design's middleware: authentication guard, role routing and the impersonation cookie pair.
export async function proxy(request: NextRequest) {
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

  if (pathname === "/login") {
    if (claims && primaryArea(claims.roles)) return NextResponse.redirect(new URL("/", request.url));
    const response = NextResponse.next();
    if (hadCookies && !claims) for (const name of ALL_SESSION_COOKIES) response.cookies.delete(name);
    return response;
  }
  if (!claims) {
    if (resolved.token) console.warn(`[proxy] invalid session token on ${pathname}; signing out`);
    return toLogin(request, hadCookies ? ALL_SESSION_COOKIES : []);
  }
  const area = primaryArea(claims.roles);
  if (!area) {
    console.warn(`[proxy] user ${claims.uuid} has no recognised role (${claims.roles.join(", ")}); signing out`);
    return toLogin(request, ALL_SESSION_COOKIES);
  }

  let response: NextResponse;
  const isAreaRoot = (pathname === "/student" && area === "student") || (pathname === "/instructor" && area === "instructor") || (pathname === "/administrator" && area === "administrator");
  if (pathname === "/" || isAreaRoot) {
    response = NextResponse.redirect(new URL(homePath(area), request.url));
  } else if (areaOfPath(pathname) && areaOfPath(pathname) !== area) {
    // Another role's area: the not-found page, as if the route did not exist (the API refuses it too).
    response = NextResponse.rewrite(new URL("/_area-not-found", request.url));
  } else {
    response = NextResponse.next();
  }
  if (dropImpersonation) {
    response.cookies.delete(IMPERSONATION_HP_COOKIE);
    response.cookies.delete(IMPERSONATION_S_COOKIE);
  }
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|tenants/|pdf\\.worker|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|txt|xml|js|css|map|woff2?)$).*)"],
};
