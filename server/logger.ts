import pino, { type Logger } from "pino";

// Structured JSON logs on stdout. Bodies, headers, tokens and images are never passed to it; see docs/operations.md.
export function createLogger(destination?: pino.DestinationStream): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
  return pino({ level, base: { service: "volante-api" }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

const globalLogger = globalThis as unknown as { __volanteLogger?: Logger };

export function getLogger(): Logger {
  globalLogger.__volanteLogger ??= createLogger();
  return globalLogger.__volanteLogger;
}

/** Strips credentials a driver may echo in an error message (connection strings, `password=` pairs). */
export function redactSecrets(text: string): string {
  return text.replace(/(password|passwd|pwd)=\S+/gi, "$1=[redacted]").replace(/(:\/\/[^:@/\s]+):[^@/\s]+@/g, "$1:[redacted]@");
}
