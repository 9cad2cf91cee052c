import { signDeviceToken, verifyDeviceToken } from "./device";
import { signToken, verifyToken } from "./token";

// The login throttle's device token must be unforgeable, and never pass for a session token (or the reverse).
const device = { userId: "7f0c2a52-0d1e-4c5b-9a8e-222222222222", tenantId: "5b1e9d8c-0d1e-4c5b-9a8e-333333333333", deviceId: "d-1" };

describe("the device token", () => {
  it("names the user, the school and the device, and carries no secret", async () => {
    const token = await signDeviceToken(device);
    expect(await verifyDeviceToken(token)).toEqual(device);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(Object.keys(payload).sort()).toEqual(["did", "exp", "iat", "sub", "tid"]);
  });

  it("refuses an altered, re-signed-elsewhere or expired token", async () => {
    const token = await signDeviceToken(device);
    const [header, , signature] = token.split(".");
    const otherUser = Buffer.from(JSON.stringify({ sub: "7f0c2a52-0d1e-4c5b-9a8e-444444444444", tid: device.tenantId, did: "d-1", exp: 4_000_000_000 })).toString("base64url");
    expect(await verifyDeviceToken(`${header}.${otherUser}.${signature}`)).toBeNull();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "volante-device+jwt" })).toString("base64url")}.${otherUser}.`;
    expect(await verifyDeviceToken(unsigned)).toBeNull();
    expect(await verifyDeviceToken(token, new Date(Date.now() + 181 * 24 * 3600_000))).toBeNull();
    expect(await verifyDeviceToken("not-a-token")).toBeNull();
  });

  it("is no session token, and a session token is no device token", async () => {
    const deviceToken = await signDeviceToken(device);
    expect(await verifyToken(deviceToken)).toBeNull();
    const session = await signToken({ uuid: device.userId, name: "Lucía", profileImage: null, roles: ["ROLE_ALUMNO"], tenant: "demo" }, 60);
    expect(await verifyToken(session)).not.toBeNull();
    expect(await verifyDeviceToken(session)).toBeNull();
  });
});
