import { ApiError, apiRequest, errorText, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "./api-client";

function mockFetch(status: number, body: string) {
  global.fetch = jest.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } })) as typeof fetch;
}

describe("apiRequest error reading (spec §8 generic)", () => {
  it("takes the error field first", async () => {
    mockFetch(409, JSON.stringify({ error: "SLOTS_UNAVAILABLE", message: "Algunos horarios ya no están disponibles", unavailable_slots: [] }));
    const error = (await apiRequest("/x").catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("SLOTS_UNAVAILABLE");
    expect(error.status).toBe(409);
    expect(error.body.unavailable_slots).toEqual([]);
    expect(errorText(error)).toBe("Algunos horarios ya no están disponibles");
  });

  it("falls back to the message field, then to a Spanish generic message for unreadable bodies (not the spec's English)", async () => {
    mockFetch(400, JSON.stringify({ message: "Falta algo" }));
    expect(((await apiRequest("/x").catch((e) => e)) as ApiError).message).toBe("Falta algo");
    mockFetch(500, "<html>oops</html>");
    const error = (await apiRequest("/x").catch((e) => e)) as ApiError;
    expect(error.message).toBe("Ha ocurrido un error");
    expect(GENERIC_ERROR_MESSAGE).toBe("Ha ocurrido un error");
    expect(errorText(error)).toBe("Ha ocurrido un error");
    expect(errorText("not an error")).toBe("Ha ocurrido un error");
    expect(error.body).toEqual({});
  });

  it("says in Spanish that the server could not be reached, never the browser's 'Failed to fetch'", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorText(new TypeError("Failed to fetch"), "No se pudo cancelar")).toBe("No se pudo cancelar");
  });

  it("returns nothing for 204", async () => {
    global.fetch = jest.fn(async () => new Response(null, { status: 204 })) as typeof fetch;
    expect(await apiRequest("/x", { method: "DELETE" })).toBeUndefined();
  });
});

// Spec §8 "Invalid token: … user logged out": a 401 on any call outside sign-in ends the session and opens the login.
describe("apiRequest on a session that has ended", () => {
  const assign = jest.fn();
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = { location: { assign } };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("does not sign out on a failed sign-in", async () => {
    mockFetch(401, JSON.stringify({ error: "INVALID_CREDENTIALS" }));
    await apiRequest("/api/login", { json: {} }).catch(() => null);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it("signs out through the BFF and goes to the login on a 401 elsewhere, still rejecting the call", async () => {
    mockFetch(401, JSON.stringify({ error: "INVALID_TOKEN" }));
    const error = (await apiRequest("/student/reservations").catch((e) => e)) as ApiError;
    expect(error.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(global.fetch).toHaveBeenLastCalledWith("/api/logout", expect.objectContaining({ method: "POST" }));
    expect(assign).toHaveBeenCalledWith("/login");
  });
});
