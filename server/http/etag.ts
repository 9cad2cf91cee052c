import { createHash } from "node:crypto";
import type { Context } from "hono";

const matches = (ifNoneMatch: string | undefined, tag: string) =>
  !!ifNoneMatch && (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === tag));

const tagOf = (text: string) => `"${createHash("sha1").update(text).digest("base64url")}"`;

/**
 * Personal answers are never stored by the browser (`no-store`): `private, no-cache` let it keep message bodies on
 * disk after logout on a shared computer. The client keeps the ETag in memory and sends If-None-Match itself
 * (components/chat/queries.ts), reusing the data it holds on 304.
 */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

function conditional(c: Context, tag: string): Response | null {
  c.header("Cache-Control", PERSONAL_CACHE_CONTROL);
  c.header("ETag", tag);
  return matches(c.req.header("if-none-match"), tag) ? c.body(null, 304) : null;
}

/** A small polled read: the JSON answer's hash is its ETag, and a matching If-None-Match gets 304 without a body. */
export function jsonWithETag(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  return conditional(c, tagOf(body)) ?? c.body(body, 200, { "Content-Type": "application/json" });
}

/**
 * A read whose ETag comes from a small fingerprint (counters, last instants, the query, what the reader may see) read
 * by an indexed query before the answer: a matching If-None-Match gets 304 without reading the answer at all, else
 * `answer` writes the 200 (its headers, such as a page's X-Next-Cursor, go with it). The fingerprint must be read
 * before the answer, so an answer is never older than its tag (a newer one only costs the next poll a 200), and must
 * hold everything the answer's body and headers depend on.
 */
export async function withFingerprint(c: Context, fingerprint: unknown, answer: () => Promise<Response>): Promise<Response> {
  return conditional(c, tagOf(JSON.stringify(fingerprint))) ?? answer();
}
