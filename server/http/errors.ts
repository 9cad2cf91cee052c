import type { ContentfulStatusCode } from "hono/utils/http-status";

// The stable error vocabulary of the API (spec §8 and the second document's catalogues).
export const ERROR_STATUS = {
  INVALID_JSON: 400,
  MISSING_REQUIRED_FIELDS: 400,
  VALIDATION_ERROR: 422,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  REGISTRATION_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  TENANT_NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_ATTEMPTS: 429,
  TOO_MANY_REQUESTS: 429,
  SERVER_BUSY: 503,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL_SERVER_ERROR: 500,
  UNKNOWN_ERROR: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type KnownErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: string;
  readonly status: ContentfulStatusCode;
  readonly extra: Record<string, unknown>;

  constructor(code: string, message: string, status?: ContentfulStatusCode, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = status ?? ERROR_STATUS[code as KnownErrorCode] ?? 400;
    this.extra = extra;
  }

  toBody(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }

  /** HTTP headers of the answer: `Retry-After` (whole seconds) for an error that says when to come back. */
  headers(): Record<string, string> {
    const seconds = this.extra.retryAfterSeconds;
    return typeof seconds === "number" && Number.isFinite(seconds) ? { "Retry-After": String(Math.max(1, Math.ceil(seconds))) } : {};
  }
}

/** A 429 or 503 that tells the client when to try again, in the body (`retryAfterSeconds`) and in `Retry-After`. */
export const retryLater = (code: "TOO_MANY_REQUESTS" | "SERVER_BUSY", message: string, retryAfterSeconds: number) =>
  new AppError(code, message, ERROR_STATUS[code], { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

export const notFound = (message = "Recurso no encontrado") => new AppError("NOT_FOUND", message);
export const forbidden = (message = "No tienes permiso para realizar esta acción") => new AppError("FORBIDDEN", message);
export const unauthorized = (message = "Debes iniciar sesión") => new AppError("UNAUTHORIZED", message);
export const conflict = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(code, message, 409, extra);
