import { SESSION_COOKIE } from "@/lib/session/cookie-names";
import { isCrossSite } from "./csrf";

const call = (path: string, headers: Record<string, string> = {}, method = "POST") =>
  new Request(`http://norte.localhost:3000${path}`, { method, headers: { host: "norte.localhost:3000", ...headers } });
const withSession = { cookie: `theme=dark; ${SESSION_COOKIE}=sealed` };

describe("isCrossSite (the BFF's origin check)", () => {
  it("lets reads through from anywhere", () => {
    expect(isCrossSite(call("/api/student/reservations", { origin: "https://evil.example", ...withSession }, "GET"))).toBe(false);
  });

  it("accepts a state-changing call from our own pages", () => {
    expect(isCrossSite(call("/api/student/reservations", { origin: "http://norte.localhost:3000", "sec-fetch-site": "same-origin", ...withSession }))).toBe(false);
    expect(isCrossSite(call("/api/student/reservations", { referer: "http://norte.localhost:3000/alumno", ...withSession }))).toBe(false);
  });

  it("refuses one from another site, another school's host, or a malformed origin", () => {
    expect(isCrossSite(call("/api/student/reservations", { origin: "https://evil.example", ...withSession }))).toBe(true);
    expect(isCrossSite(call("/api/student/reservations", { origin: "http://sur.localhost:3000", ...withSession }))).toBe(true);
    expect(isCrossSite(call("/api/student/reservations", { "sec-fetch-site": "same-site", ...withSession }))).toBe(true);
    expect(isCrossSite(call("/api/student/reservations", { origin: "null", ...withSession }))).toBe(true);
  });

  it("refuses a call that rides the session cookie without any evidence of where it comes from", () => {
    expect(isCrossSite(call("/api/student/reservations", withSession))).toBe(true);
    expect(isCrossSite(call("/api/student/reservations"))).toBe(false);
  });

  it("checks the sign-in too (no login from another site), but not the calls that prove themselves", () => {
    expect(isCrossSite(call("/api/login", { origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSite(call("/api/shop/stripe/webhook", { "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isCrossSite(call("/api/auth/set-password", { origin: "https://mail.example" }))).toBe(false);
  });
});
