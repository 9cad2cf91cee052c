import { ApiError, apiRequest } from "@/lib/api-client";
import { toastForError } from "@/lib/error-toasts";
import { requestIdOf } from "./request-id";

const request = (headers: Record<string, string> = {}) => new Request("http://norte.localhost/api/info", { headers });

describe("the BFF's request id", () => {
  it("adopts a well-formed id from the proxy in front of Next", () => {
    expect(requestIdOf(request({ "x-request-id": "lb-7f3a_9=" }))).toBe("lb-7f3a_9=");
  });

  it("creates a fresh one when there is none, or when it is free text or too long", () => {
    const created = requestIdOf(request());
    expect(created).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request())).not.toBe(created);
    for (const given of ["two words", "x".repeat(256), "a\u00e9b", "<script>"]) {
      const id = requestIdOf(request({ "x-request-id": given }));
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("the request id in the generic server-error toast", () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })) as typeof fetch;

  it("is read from the X-Request-Id header that every BFF answer carries", async () => {
    global.fetch = answer(502, { error: "API_UNAVAILABLE", message: "x" }, { "x-request-id": "req-42" });
    const error = (await apiRequest("/student/reservations", { method: "POST", json: {} }).catch((e) => e)) as ApiError;
    expect(error.requestId).toBe("req-42");
    expect(toastForError(error)?.description).toBe("Ha ocurrido un error en el servidor (referencia req-42)");
  });

  it("still falls back to one named in the body", () => {
    expect(toastForError(new ApiError(500, { error: "INTERNAL_SERVER_ERROR", requestId: "abc-1" }))?.description).toBe(
      "Ha ocurrido un error en el servidor (referencia abc-1)",
    );
  });

  it("is left out of the toasts of refusals the user can fix", async () => {
    global.fetch = answer(400, { error: "MISSING_REQUIRED_FIELDS", message: "x" }, { "x-request-id": "req-43" });
    const error = await apiRequest("/student/reservations", { method: "POST", json: {} }).catch((e) => e);
    expect(toastForError(error)?.description).toBe("Faltan campos requeridos");
  });
});
