import fc from "fast-check";

// Generated request bodies: what a careless or hostile client can send to a JSON/form endpoint.
export type FuzzBody = { kind: string; contentType?: string; body: string | Uint8Array<ArrayBuffer> };

const nastyStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "a\uDC00b",
  "\ud800",
  "\uffff",
  "😀👩‍👩‍👧‍👦",
  "ñÑáéíóúü",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "0000-01-01",
  "0000-01-01T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
  "2026-02-30",
  "1e309",
  "-1",
  "NaN",
  "null",
  "true",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "../../etc/passwd",
  "%00",
  "data:image/jpeg;base64,AAAA",
  "data:image/png;base64,!!!!",
);

const text = fc.oneof(
  { arbitrary: nastyStrings, weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`), weight: 2 },
  // Huge strings, rarely (each one costs the server a parse).
  { arbitrary: fc.integer({ min: 5_000, max: 60_000 }).map((n) => "x".repeat(n)), weight: 1 },
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.array(fc.uuid(), { maxLength: 3 }),
  fc.uuid(),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

// File contents: a real signature (PDF, MP4, WebM, JPEG, PNG) or none, then random bytes.
const SIGNATURES = [
  [],
  [...Buffer.from("%PDF-1.7\n")],
  [0, 0, 0, 0x18, ...Buffer.from("ftypmp42")],
  [0x1a, 0x45, 0xdf, 0xa3],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
];
const fileBytes = fc
  .tuple(fc.constantFrom(...SIGNATURES), fc.uint8Array({ maxLength: 2_000 }))
  .map(([head, rest]) => Uint8Array.from([...head, ...rest]));
const fileContentType = fc.constantFrom("image/jpeg", "image/png", "application/pdf", "video/mp4", "video/webm", "application/octet-stream", "text/plain");
const fileName = fc
  .oneof(fc.constantFrom("foto.jpg", "temario.pdf", "clase.mp4", "", "../../etc/passwd", "ñandú 😀.png", "a%00b.pdf"), fc.string({ maxLength: 30 }))
  .map((n) => n.replace(/["\r\n\\]/g, "_"));

type Part = { name: string; fileName?: string; contentType?: string; value: Uint8Array };

/** A well-formed multipart/form-data body (RFC 7578), with bytes for values: UTF-8 text or binary files. */
function encodeMultipart(boundary: string, parts: Part[]): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Multipart bodies whose fields are the route's own (plus, rarely, unknown or repeated ones): text or files. */
function multipartBodies(keys: string[]): fc.Arbitrary<FuzzBody> {
  const name = fc
    .oneof({ arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("a"), weight: 5 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 })
    .map((n) => n.replace(/["\r\n\\]/g, "_"));
  const textPart = fc.tuple(name, text).map(([n, v]): Part => ({ name: n, value: new Uint8Array(Buffer.from(v)) }));
  const filePart = fc.tuple(name, fileName, fc.option(fileContentType, { nil: undefined }), fileBytes).map(
    ([n, f, t, v]): Part => ({ name: n, fileName: f, contentType: t, value: v }),
  );
  const parts = fc.array(fc.oneof({ arbitrary: textPart, weight: 3 }, { arbitrary: filePart, weight: 2 }), { minLength: 1, maxLength: keys.length + 2 });
  // Every field the contract names, each with a random value or file, then extra parts: the shape a form would send.
  const allKeys = fc.tuple(fc.tuple(...keys.map((k) => fc.oneof(textPart, filePart).map((p) => ({ ...p, name: k })))), parts).map(([a, b]) => [...a, ...b]);
  const boundary = fc.stringMatching(/^[0-9A-Za-z_-]{1,40}$/).map((b) => `----volante${b}`);
  return fc.tuple(boundary, keys.length > 0 ? fc.oneof(parts, allKeys) : parts).map(([b, ps]) => ({
    kind: "multipart",
    contentType: `multipart/form-data; boundary=${b}`,
    body: encodeMultipart(b, ps),
  }));
}

function deep(n: number, key?: string): string {
  return key ? `{"${key}":`.repeat(n) + "1" + "}".repeat(n) : "[".repeat(n) + "]".repeat(n);
}

/** Bodies for one route, given the top-level keys its contract asks for. */
export function bodies(keys: string[]): fc.Arbitrary<FuzzBody> {
  const someKeys = keys.length > 0 ? fc.subarray(keys, { minLength: 1 }) : fc.constant<string[]>([]);
  const withKeys = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(someKeys, fc.array(value, { minLength: keys.length, maxLength: keys.length })).map(([ks, vs]) =>
      Object.fromEntries(ks.map((k, i) => [k, vs[i]])),
    );
  const json = (kind: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> =>
    value.map((v) => ({ kind, contentType: "application/json", body: JSON.stringify(v) ?? "null" }));
  const key = keys[0] ?? "a";
  return fc.oneof(
    { arbitrary: json("json value", fc.jsonValue({ maxDepth: 3 })), weight: 2 },
    { arbitrary: json("right keys, wrong types", withKeys(wrongValue)), weight: 6 },
    { arbitrary: json("right keys, nasty strings", withKeys(text)), weight: 4 },
    { arbitrary: json("extra keys", fc.tuple(withKeys(wrongValue), fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a }))), weight: 1 },
    {
      arbitrary: fc.integer({ min: 10, max: 2000 }).chain((n) =>
        fc.constantFrom<FuzzBody>(
          { kind: "deep array", contentType: "application/json", body: deep(n) },
          { kind: "deep object", contentType: "application/json", body: deep(n, key) },
        ),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fc.string({ unit: "binary", maxLength: 60 }), fc.constantFrom("application/json", "text/plain", "application/xml", undefined, "application/json; charset=utf-16", "application/octet-stream")).map(
        ([body, contentType]) => ({ kind: "not JSON / wrong content type", contentType, body }),
      ),
      weight: 2,
    },
    {
      arbitrary: json("JSON as text/plain", withKeys(text)).map((b) => ({ ...b, contentType: "text/plain" })),
      weight: 1,
    },
    {
      arbitrary: fc.array(text, { minLength: keys.length, maxLength: keys.length }).map((vs) => ({
        kind: "form-encoded",
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams(keys.map((k, i) => [k, vs[i]!])).toString(),
      })),
      weight: 2,
    },
    { arbitrary: multipartBodies(keys), weight: 3 },
    {
      arbitrary: fc.string({ maxLength: 80 }).map((body) => ({ kind: "broken multipart", contentType: "multipart/form-data; boundary=xyz", body })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fileBytes, fc.option(fileContentType, { nil: undefined })).map(([body, contentType]) => ({ kind: "file bytes", contentType, body })),
      weight: 1,
    },
  );
}

/** A short, printable description of a body (for failure reports). */
export function describeBody(b: FuzzBody): string {
  if (b.body instanceof Uint8Array) {
    const bytes = Buffer.from(b.body);
    return `[${b.kind}] content-type=${b.contentType ?? "(none)"} ${bytes.length} bytes, as latin1: ${JSON.stringify(bytes.subarray(0, 600).toString("latin1"))}`;
  }
  const shown = b.body.length > 300 ? `${JSON.stringify(b.body.slice(0, 300))}… (${b.body.length} chars)` : JSON.stringify(b.body);
  return `[${b.kind}] content-type=${b.contentType ?? "(none)"} body=${shown}`;
}
