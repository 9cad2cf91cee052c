import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";

// Generated query strings: what a careless or hostile client (or a hand-edited URL) puts after the '?' of a GET.

/** Keys every list or calendar of the API may read, beyond those its contract's query schemas name. */
const COMMON_KEYS = ["cursor", "limit", "page", "search", "from", "to", "start", "end", "date", "month", "week", "scope", "token", "id", "q", "sort"];

/** Every key of every `*QuerySchema` in lib/contract, plus the common ones: a new query schema is fuzzed by default. */
export async function contractQueryKeys(): Promise<string[]> {
  const dir = path.join(process.cwd(), "lib/contract");
  const keys = new Set(COMMON_KEYS);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      // A zod object (possibly refined or piped): its shape is on .shape or on the inner type's.
      const shape = name.endsWith("QuerySchema") ? findShape(value) : null;
      for (const key of Object.keys(shape ?? {})) keys.add(key);
    }
  }
  return [...keys].sort();
}

function findShape(schema: unknown, depth = 0): Record<string, unknown> | null {
  if (!schema || typeof schema !== "object" || depth > 5) return null;
  const s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown; innerType?: unknown } };
  if (s.shape && typeof s.shape === "object") return s.shape;
  return findShape(s.def?.in ?? s.def?.schema ?? s.def?.innerType, depth + 1);
}

/** A value no typed field accepts (too long for any text field, not a number, date, id or option): the key probe. */
export const PROBE_VALUE = "9".repeat(3_000);

const b64 = (s: string) => Buffer.from(s).toString("base64url");

// Values already encoded for the URL (most through encodeURIComponent, some raw bytes no encoder produces).
const enc = (s: string) => encodeURIComponent(s);
// Dates that match \d{4}-\d{2}-\d{2} but are no day, days no database or Date holds, instants and months alike.
const dateValues = [
  ...["9999-99-99", "0000-00-00", "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-01-32", "9999-12-31", "0001-01-01", "1899-12-31"],
  ...["275760-09-13", "+275760-09-13", "-000001-01-01", "99999-12-31", "20240-01-01", "2024-1-1", "01/02/2024", "2024-02-30T25:61:00Z"],
  ...["9999-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00.000Z", "-271821-04-20T00:00:00.000Z", "2024-06-01T10:00:00+99:00"],
  ...["2024-13", "2024-W60", "0000-W00", "99999-01"],
].map(enc);
// Numbers out of every range.
const numberValues = ["-1", "0", "1e9", "1000000000", "1e309", "-1e309", "NaN", "Infinity", "2.5", "9007199254740993", "-0", "0x10", " 5 ", "1,5", "٣"].map(enc);
// Text: empty, NUL, unicode, lone surrogates (raw UTF-8 bytes: encodeURIComponent refuses them), bad escapes, SQL and LIKE specials.
const textValues = [
  ...["", "%00", "a%00b", "%ED%A0%80", "%ED%B0%80abc", "%FF%FE", "%C0%AF", "%zz", "%", "%E0%A4%A"],
  ...["😀👩‍👩‍👧‍👦", "ñÑáéíóúü", "ｍａｒｔíｎ", "\u202Eabc", "' or 1=1 --", "%_\\", "\\", "_", "*", "null", "undefined", "[]", "{}", "true"].map(enc),
];
// Ids and cursors: nil and foreign uuids, garbage, base64 of junk or of a cursor-like shape with wrong types.
const idValues = [
  ...["00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "not-a-uuid", "../../etc/passwd"],
  ...[b64("garbage"), b64("[]"), b64("{}"), b64("null"), b64('["9999-99-99","x"]'), b64("[1e309,-1]"), b64('{"k":["a"],"id":1}'), b64("[".repeat(500))],
  ...[b64(JSON.stringify(["a".repeat(5000), "00000000-0000-0000-0000-000000000000"])), b64(JSON.stringify(["\u0000", "ffffffff-ffff-ffff-ffff-ffffffffffff"])), "AAAA", "====", "eyJ", "!!!!", "a b"],
].map(enc);
const nastyValues = fc.constantFrom(...dateValues, ...numberValues, ...textValues, ...idValues);

/** The values a key's name suggests it parses (a date for 'from', a number for 'limit'): tried most. */
function likelyList(key: string): string[] {
  if (/date|from|to$|start|end|month|week|day|at$/i.test(key)) return dateValues;
  if (/limit|page|size|offset|count|type/i.test(key)) return numberValues;
  if (/cursor|before|after|id$|token/i.test(key)) return idValues;
  return textValues;
}
const likelyValues = (key: string) => fc.constantFrom(...likelyList(key));

/**
 * The exhaustive part: each of the route's keys alone with every value of its kind and a few that fit every
 * kind (empty, NUL, a lone surrogate, a long string, the key twice). A single key is never hidden behind another
 * key's 422, which random combinations mostly are.
 */
export function edgeQueries(routeKeys: string[]): string[] {
  const universal = ["", "%00", "%ED%A0%80", "x".repeat(20_000)];
  return routeKeys.flatMap((k) => [...new Set([...likelyList(k), ...universal])].map((v) => `${k}=${v}`).concat(`${k}=1&${k}=${dateValues[0]}`));
}

const randomValue = fc.oneof(
  fc.string({ maxLength: 30 }).map(enc),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(enc),
  fc.integer().map(String),
  fc.double().map((n) => enc(String(n))),
  fc.uuid().map(String),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => enc(d.toISOString().slice(0, 10))),
  // Long strings, rarely (5–20k characters).
  fc.integer({ min: 5_000, max: 20_000 }).map((n) => "x".repeat(n)),
);

const valueFor = (key: string) =>
  fc.oneof({ arbitrary: likelyValues(decodeURIComponentSafe(key)), weight: 5 }, { arbitrary: nastyValues, weight: 3 }, { arbitrary: randomValue, weight: 2 });
const value = fc.oneof({ arbitrary: nastyValues, weight: 5 }, { arbitrary: randomValue, weight: 2 });

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export type FuzzQuery = string;

/**
 * Query strings for one route: pairs of the route's own keys (as probed), other known keys or random ones, and
 * nasty or random values; a key may repeat (`a=1&a=2`), and a pair may lack its '=' or its key.
 */
export function queries(routeKeys: string[], allKeys: string[]): fc.Arbitrary<FuzzQuery> {
  const key = fc.oneof(
    ...(routeKeys.length > 0 ? [{ arbitrary: fc.constantFrom(...routeKeys), weight: 8 }] : []),
    { arbitrary: fc.constantFrom(...allKeys), weight: 2 },
    { arbitrary: fc.string({ maxLength: 8 }).map(enc), weight: 1 },
    { arbitrary: fc.constantFrom("%00", "a[]", "a[0]", "__proto__", "constructor", "%ED%A0%80"), weight: 1 },
  );
  const pair = fc.oneof(
    { arbitrary: key.chain((k) => valueFor(k).map((v) => `${k}=${v}`)), weight: 10 },
    // The same key twice (an array): a=1&a=2.
    { arbitrary: key.chain((k) => fc.tuple(valueFor(k), valueFor(k)).map(([v1, v2]) => `${k}=${v1}&${k}=${v2}`)), weight: 2 },
    { arbitrary: key, weight: 1 },
    { arbitrary: value.map((v) => `=${v}`), weight: 1 },
  );
  // Mostly one pair (a second bad key would hide the first behind its 422), sometimes several.
  return fc.oneof({ arbitrary: pair, weight: 3 }, { arbitrary: fc.array(pair, { minLength: 2, maxLength: 5 }).map((pairs) => pairs.join("&")), weight: 2 });
}
