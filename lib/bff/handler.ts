import { sessionResponseSchema, tokenResponseSchema, type SessionResponse } from "@/lib/contract/auth";
import { toSessionUser, verifyToken } from "@/lib/session/token";
import { callApi, relay } from "./upstream";
import { clearImpersonation, clearSession, currentToken, startImpersonationCookies, startSession } from "./cookies";
import { isCrossSite } from "./csrf";
import { isPublicCall } from "./public-calls";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

async function readToken(response: Response): Promise<string | null> {
  const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.token : null;
}

// The BFF's own endpoints: the token lives in cookies and never reaches the browser's JavaScript.
async function login(request: Request): Promise<Response> {
  const response = await callApi(request, { token: null });
  if (!response.ok) return relay(response);
  const token = await readToken(response);
  if (!token || !(await verifyToken(token))) return json({ error: "INVALID_TOKEN", message: "Respuesta de inicio de sesión no válida" }, 502);
  await startSession(token);
  return json({ success: true });
}

async function session(): Promise<Response> {
  const { token, isImpersonating } = await currentToken();
  const claims = await verifyToken(token);
  if (token && !claims) {
    console.warn("[bff] invalid session token; signing out");
    await clearSession();
  }
  const body: SessionResponse = { user: claims ? toSessionUser(claims) : null, isImpersonating: !!claims && isImpersonating };
  return json(sessionResponseSchema.parse(body));
}

async function impersonate(request: Request, token: string | null): Promise<Response> {
  const response = await callApi(request, { token });
  if (!response.ok) return relay(response);
  const impersonationToken = await readToken(response);
  if (!impersonationToken) return json({ error: "INVALID_TOKEN", message: "Respuesta de suplantación no válida" }, 502);
  await startImpersonationCookies(impersonationToken);
  return json({ success: true });
}

// The cookies go whatever the API says: a user deactivated while impersonated must not trap the administrator (the
// API then answers 401, but the administrator's own session is intact).
async function exitImpersonation(request: Request, token: string | null): Promise<Response> {
  const response = await callApi(request, { token });
  await clearImpersonation();
  return response.ok || response.status === 401 ? json({ success: true }) : relay(response);
}

// The API bumps the session version (every token of this user, on every device, stops working), then the cookies go.
async function logout(request: Request, token: string | null): Promise<Response> {
  if (token) await callApi(request, { token, path: "/api/auth/logout", body: null }).catch(() => null);
  await clearSession();
  return json({ success: true });
}

// The password change revokes the other sessions; this one continues with the fresh token the API returns.
async function changePassword(request: Request, token: string | null): Promise<Response> {
  const response = await callApi(request, { token });
  if (!response.ok) return relay(response);
  const fresh = await readToken(response);
  if (fresh && (await verifyToken(fresh))) await startSession(fresh);
  return json({ success: true });
}

export async function handleBff(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (isCrossSite(request)) return json({ error: "FORBIDDEN", message: "Origen no permitido" }, 403);
  const method = request.method;
  if (path === "/api/login" && method === "POST") return login(request);
  if (path === "/api/session" && method === "GET") return session();
  if (isPublicCall(path)) return relay(await callApi(request, { token: null }));
  const { token } = await currentToken();
  if (path === "/api/logout" && method === "POST") return logout(request, token);
  if (path === "/api/auth/change-password" && method === "POST") return changePassword(request, token);
  if (/^\/api\/auth\/impersonate\/[^/]+$/.test(path) && method === "POST") return impersonate(request, token);
  if (path === "/api/auth/exit-impersonation" && method === "POST") return exitImpersonation(request, token);
  return relay(await callApi(request, { token }));
}
