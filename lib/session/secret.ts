import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

let cached: string | null = null;

// The iron-session password: SESSION_SECRET, or outside production one generated once under DATA_DIR.
export function sessionSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters");
    return (cached = fromEnv);
  }
  if (process.env.NODE_ENV === "production" && process.env.ALLOW_DEV_KEYS !== "true") {
    throw new Error("SESSION_SECRET must be set in production");
  }
  // turbopackIgnore: runtime data; without it the build's file tracer copies all of .data (keys) into the image.
  const file = path.join(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"), "keys", "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch {
      // Another process wrote it first.
    }
  }
  return (cached = fs.readFileSync(file, "utf8").trim());
}
