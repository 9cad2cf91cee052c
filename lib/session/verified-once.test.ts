import { sealSession, unsealSession } from "./cookies";
import { signToken, verifyToken } from "./token";

// The signature of a token and the MAC of a session cookie are checked once per process and remembered; what is
// remembered must never let a forged, altered or expired credential through.
const claims = { uuid: "7f0c2a52-0d1e-4c5b-9a8e-111111111111", name: "Lucía", profileImage: null, roles: ["ROLE_ALUMNO"], tenant: "demo" };

describe("a verified token is remembered, never a forged or expired one", () => {
  it("answers the same claims on the second check", async () => {
    const token = await signToken(claims, 60);
    const first = await verifyToken(token);
    expect(first).toMatchObject({ uuid: claims.uuid, tenant: "demo" });
    expect(await verifyToken(token)).toEqual(first);
  });

  it("refuses an altered copy of a token already verified", async () => {
    const token = await signToken(claims, 60);
    expect(await verifyToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, roles: ["ROLE_ADMIN"], exp: 4_000_000_000 })).toString("base64url");
    expect(await verifyToken(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await verifyToken(`${header}.${payload}.${signature!.slice(0, -2)}AA`)).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    const token = await signToken(claims, 60);
    expect(await verifyToken(token)).not.toBeNull();
    expect(await verifyToken(token, new Date(Date.now() + 61_000))).toBeNull();
  });
});

describe("a session cookie is opened once and remembered, never an altered one", () => {
  it("opens to the same token twice, and an altered cookie opens to nothing", async () => {
    const sealed = await sealSession({ token: "header.payload.signature" });
    expect(await unsealSession(sealed)).toEqual({ token: "header.payload.signature" });
    expect(await unsealSession(sealed)).toEqual({ token: "header.payload.signature" });
    const parts = sealed.split("*");
    parts[4] = `${parts[4]!.slice(0, -2)}AA`;
    expect(await unsealSession(parts.join("*"))).toBeNull();
    expect(await unsealSession("not a cookie")).toBeNull();
  });
});
