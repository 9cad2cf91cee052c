import crypto from "node:crypto";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

const claims = { tenantId: "5f0c6f0e-1b7a-4a39-9d43-0b1a1c2d3e4f", userId: "a3c1e2d4-5b6f-4788-9a0b-1c2d3e4f5a6b", category: "reminders" as const };
const saved = process.env.JWT_PRIVATE_KEY;
afterEach(() => {
  if (saved === undefined) delete process.env.JWT_PRIVATE_KEY;
  else process.env.JWT_PRIVATE_KEY = saved;
});

const flip = (token: string, index: number) => {
  const c = token[index] === "A" ? "B" : "A";
  return token.slice(0, index) + c + token.slice(index + 1);
};

describe("unsubscribe tokens", () => {
  it("read back as the school, the user and the category they were made for", () => {
    const token = unsubscribeToken(claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(token)).toEqual(claims);
    expect(readUnsubscribeToken(unsubscribeToken({ ...claims, category: "chat" }))).toEqual({ ...claims, category: "chat" });
  });

  it("refuse any altered character, a swapped signature, garbage and an unknown category", () => {
    const token = unsubscribeToken(claims);
    const dot = token.indexOf(".");
    for (const i of [0, 5, dot - 2, dot + 1, token.length - 2]) expect(readUnsubscribeToken(flip(token, i))).toBeNull();
    const other = unsubscribeToken({ ...claims, category: "chat" });
    expect(readUnsubscribeToken(`${token.slice(0, dot)}${other.slice(other.indexOf("."))}`)).toBeNull();
    expect(readUnsubscribeToken("")).toBeNull();
    expect(readUnsubscribeToken("abc.def")).toBeNull();
    expect(() => unsubscribeToken({ ...claims, category: "everything" as never })).toThrow();
  });

  it("made with another server key do not verify, and the key comes from JWT_PRIVATE_KEY whatever its line breaks", () => {
    const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    process.env.JWT_PRIVATE_KEY = pem;
    const token = unsubscribeToken(claims);
    process.env.JWT_PRIVATE_KEY = pem.replace(/\n/g, "\\n");
    expect(readUnsubscribeToken(token)).toEqual(claims);
    const { privateKey: other } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    process.env.JWT_PRIVATE_KEY = other.export({ format: "pem", type: "pkcs8" }).toString();
    expect(readUnsubscribeToken(token)).toBeNull();
  });
});
