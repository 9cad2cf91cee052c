import { loginResponseSchema, sessionResponseSchema, tokenResponseSchema, type SessionResponse } from "@/lib/contract/auth";
import { verifyDeviceToken } from "@/lib/session/device";
import { toSessionUser, verifyToken } from "@/lib/session/token";
import { callApi, relay, type ForwardOptions } from "./upstream";
import {
  clearImpersonation,
  clearSession,
  currentDeviceToken,
  currentToken,
  rememberDevice,
  startImpersonationCookies,
  startSession,
} from "./cookies";
import { isCrossSite, isSameOrigin } from "./csrf";
import { isPublicCall } from "./public-calls";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

// One call through the BFF: the browser's request, its request id (sent to the API, returned to the browser).
type Call = { request: Request; requestId: string };
const api = ({ request, requestId }: Call, options: Omit<ForwardOptions, "requestId">) => callApi(request, { ...options, requestId });

async function readToken(response: Response): Promise<string | null> {
  const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.token : null;
}

// The BFF's own endpoints: the token lives in cookies and never reaches the browser's JavaScript. The device cookie
// (the login throttle's, lib/session/device.ts) goes to the API with the sign-in and is renewed by each success.
async function login(call: Call): Promise<Response> {
  const response = await api(call, { token: null, deviceToken: await currentDeviceToken() });
  if (!response.ok) return relay(response);
  const parsed = loginResponseSchema.safeParse(await response.json().catch(() => null));
  const token = parsed.success ? parsed.data.token : null;
  if (!token || !(await verifyToken(token))) return json({ error: "INVALID_TOKEN", message: "Respuesta de inicio de sesión no válida" }, 502);
  await startSession(token);
  const deviceToken = parsed.success ? parsed.data.deviceToken : undefined;
  if (deviceToken && (await verifyDeviceToken(deviceToken))) await rememberDevice(deviceToken);
  // Failed sign-ins since the previous success: the login form hands the count to the shell, which tells the user once.
  const failedAttempts = parsed.success ? (parsed.data.failedAttempts ?? 0) : 0;
  return json({ success: true, ...(failedAttempts > 0 ? { failedAttempts } : {}) });
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

async function impersonate(call: Call, token: string | null): Promise<Response> {
  const response = await api(call, { token });
  if (!response.ok) return relay(response);
  const impersonationToken = await readToken(response);
  if (!impersonationToken) return json({ error: "INVALID_TOKEN", message: "Respuesta de suplantación no válida" }, 502);
  await startImpersonationCookies(impersonationToken);
  return json({ success: true });
}

// The cookies go whatever the API says: a user deactivated while impersonated must not trap the administrator (the
// API then answers 401, but the administrator's own session is intact).
async function exitImpersonation(call: Call, token: string | null): Promise<Response> {
  const response = await api(call, { token });
  await clearImpersonation();
  return response.ok || response.status === 401 ? json({ success: true }) : relay(response);
}

// The API bumps the session version (every token of this user, on every device, stops working), then the cookies go.
async function logout(call: Call, token: string | null): Promise<Response> {
  if (token) await api(call, { token, path: "/api/auth/logout", body: null });
  await clearSession();
  return json({ success: true });
}

// The password change revokes the other sessions; this one continues with the fresh token the API returns.
async function changePassword(call: Call, token: string | null): Promise<Response> {
  const response = await api(call, { token });
  if (!response.ok) return relay(response);
  const fresh = await readToken(response);
  if (fresh && (await verifyToken(fresh))) await startSession(fresh);
  return json({ success: true });
}

// A set-password link's end (public: the one-time token is the credential). The API answers a session token: from our
// own page the person is signed in at once; from anywhere else (the call is allowed from any origin) no session starts,
// or a foreign page could sign a visitor into an account of its choosing. The token never reaches the browser.
async function setPassword(call: Call): Promise<Response> {
  const response = await api(call, { token: null });
  if (!response.ok) return relay(response);
  const body = (await response.json().catch(() => null)) as { username?: unknown; token?: unknown } | null;
  const username = typeof body?.username === "string" ? body.username : "";
  const token = typeof body?.token === "string" ? body.token : null;
  const signedIn = Boolean(token && isSameOrigin(call.request) && (await verifyToken(token)));
  if (signedIn) await startSession(token!);
  return json({ username, signedIn });
}

async function route(call: Call): Promise<Response> {
  const { request } = call;
  const path = new URL(request.url).pathname;
  if (isCrossSite(request)) return json({ error: "FORBIDDEN", message: "Origen no permitido" }, 403);
  const method = request.method;
  if (path === "/api/login" && method === "POST") return login(call);
  if (path === "/api/session" && method === "GET") return session();
  if (path === "/api/auth/set-password" && method === "POST") return setPassword(call);
  // Public calls never carry the session's bearer token (public-calls.ts).
  if (isPublicCall(path)) return relay(await api(call, { token: null }));
  const { token } = await currentToken();
  if (path === "/api/logout" && method === "POST") return logout(call, token);
  if (path === "/api/auth/change-password" && method === "POST") return changePassword(call, token);
  if (/^\/api\/auth\/impersonate\/[^/]+$/.test(path) && method === "POST") return impersonate(call, token);
  if (path === "/api/auth/exit-impersonation" && method === "POST") return exitImpersonation(call, token);
  return relay(await api(call, { token }));
}

// Every answer of the BFF, its own and the API's, carries the request id the API logged it under; the browser's
// error toast quotes it (lib/error-toasts.ts).
export async function handleBff(request: Request): Promise<Response> {
  const call = { request, requestId: requestIdOf(request) };
  let response: Response;
  try {
    response = await route(call);
  } catch (error) {
    console.error(`[bff] unhandled error requestId=${call.requestId}:`, error instanceof Error ? error.message : error);
    response = json({ error: "INTERNAL_SERVER_ERROR", message: "Ha ocurrido un error en el servidor", requestId: call.requestId }, 500);
  }
  response.headers.set(REQUEST_ID_HEADER, call.requestId);
  return response;
}
