import type { TenantInfo } from "@/lib/contract/tenant";
import { fetchTenantInfo, isTenantInfo, TENANT_INFO_FAILED, TENANT_INFO_STORAGE_KEY } from "./tenant-info-source";

const SCHOOL: TenantInfo = {
  name: "Autoescuela Volante",
  headerLogo: null,
  loginLogo: "/tenants/volante/login.png",
  icons: { favicon96: "/a.png", favicon32: "/b.png", faviconIco: "/c.ico", appleTouchIcon: "/d.png", webAppIcon192: "/e.png", webAppIcon512: "/f.png" },
  themeColor: "#0f766e",
  timeZone: "Europe/Madrid",
};

function answer(status: number, body: unknown) {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })) as typeof fetch;
}

// The browser's read of the school (spec §4), which the login and set-password pages fall back to when the server
// could not resolve it: what reaches the page is the school, or a message to show.
describe("fetchTenantInfo", () => {
  const stored = new Map<string, string>();
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = {
      localStorage: { setItem: (key: string, value: string) => stored.set(key, value), getItem: (key: string) => stored.get(key) ?? null },
    };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });
  beforeEach(() => stored.clear());

  it("returns the school and keeps a dated copy for the next page load", async () => {
    answer(200, SCHOOL);
    await expect(fetchTenantInfo()).resolves.toEqual(SCHOOL);
    const copy = JSON.parse(stored.get(TENANT_INFO_STORAGE_KEY) ?? "{}") as { data: TenantInfo; timestamp: number };
    expect(copy.data).toEqual(SCHOOL);
    expect(Math.abs(Date.now() - copy.timestamp)).toBeLessThan(5_000);
  });

  it("still returns the school when the browser refuses to store it (a full or private storage)", async () => {
    answer(200, SCHOOL);
    const setItem = jest.spyOn((globalThis as unknown as { window: Window }).window.localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    await expect(fetchTenantInfo()).resolves.toEqual(SCHOOL);
    setItem.mockRestore();
  });

  it("reports the spec's message when the API answers nothing readable, cannot be reached or answers something else", async () => {
    answer(502, "<html>Bad gateway</html>");
    await expect(fetchTenantInfo()).rejects.toThrow(TENANT_INFO_FAILED);
    global.fetch = jest.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    await expect(fetchTenantInfo()).rejects.toThrow(TENANT_INFO_FAILED);
    answer(200, { name: "Sin iconos" });
    await expect(fetchTenantInfo()).rejects.toThrow(TENANT_INFO_FAILED);
    expect(stored.size).toBe(0);
  });

  it("passes on the API's own Spanish reason, never a bare code (issue 'Phone first' over spec §8's error field)", async () => {
    answer(404, { error: "TENANT_NOT_FOUND", message: "Autoescuela no encontrada" });
    await expect(fetchTenantInfo()).rejects.toThrow("Autoescuela no encontrada");
    answer(500, { error: "INTERNAL_SERVER_ERROR" });
    await expect(fetchTenantInfo()).rejects.toThrow("No se pudo cargar la información de la autoescuela");
  });
});

// What the shell reads of the school, checked by shape for the API's answer and for the copy in local storage.
describe("isTenantInfo", () => {
  it("accepts a school without logos and refuses a copy an earlier version stored without its time zone", () => {
    expect(isTenantInfo({ ...SCHOOL, headerLogo: null, loginLogo: null })).toBe(true);
    const { timeZone: _dropped, ...earlier } = SCHOOL;
    expect(isTenantInfo(earlier)).toBe(false);
    expect(isTenantInfo({ ...SCHOOL, icons: null })).toBe(false);
    expect(isTenantInfo(null)).toBe(false);
    expect(isTenantInfo("Autoescuela Volante")).toBe(false);
  });
});
