import { createHash } from "node:crypto";
import type { Context } from "hono";

const matches = (ifNoneMatch: string | undefined, tag: string) =>
  !!ifNoneMatch && (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === tag));

/**
 * A polled read: the JSON answer's hash is its ETag, and a matching If-None-Match gets 304 without a body.
 * `private, no-cache` lets the browser keep the answer and revalidate it on every fetch, so the page's fetch sees a
 * 200 from its cache when the API said 304 (docs/decisions/chat.md). The body is serialised and hashed once,
 * synchronously, instead of cloning the response stream.
 */
export function jsonWithETag(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const tag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  c.header("Cache-Control", "private, no-cache");
  c.header("ETag", tag);
  if (matches(c.req.header("if-none-match"), tag)) return c.body(null, 304);
  return c.body(body, 200, { "Content-Type": "application/json" });
}
