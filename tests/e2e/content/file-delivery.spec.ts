import { expect, test, type Response } from "@playwright/test";
import { studentContentSchema } from "@/lib/contract/content";
import { signInByApi } from "../support/auth";

// pdf.js's own API name: present in its code, in no other library the app loads.
const PDFJS_MARKER = "GlobalWorkerOptions";

test("files reach the signed-in student through the BFF in byte ranges", async ({ page, request }) => {
  await signInByApi(page, "student");
  const library = studentContentSchema.parse(await (await page.request.get("/api/student/content")).json());
  const doc = library.licenses.flatMap((l) => l.documents).find((d) => d.name === "Temario y esquemas")!;
  expect(doc.url).toBe(`/api/student/content/${doc.id}/file`);

  const whole = await page.request.get(doc.url);
  expect(whole.status()).toBe(200);
  const bytes = await whole.body();
  const part = await page.request.get(doc.url, { headers: { Range: "bytes=4-11" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 4-11/${bytes.length}`);
  expect(part.headers()["cache-control"]).toContain("private");
  // Exactly the eight bytes asked for (Next may send them chunked, without Content-Length).
  expect([...(await part.body())]).toEqual([...bytes.subarray(4, 12)]);
  // Without the session (another client), the same address answers nothing.
  const anonymous = await request.get(doc.url, { headers: { Range: "bytes=4-11" } });
  expect(anonymous.status()).toBe(401);
});

test("the PDF library loads only where documents are listed, ahead of the tap that opens one", async ({ page }) => {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (r: Response) => {
    if (r.request().resourceType() === "script") scripts.set(r.url(), r.text().catch(() => ""));
  });
  // pdf.js's worker (the library's own throwaway is a blob: stub that ends at once, pdf-viewer.tsx).
  const workers: string[] = [];
  page.on("worker", (w) => {
    if (!w.url().startsWith("blob:")) workers.push(w.url());
  });
  const pdfjsScripts = async () => {
    const found: string[] = [];
    for (const [url, text] of scripts) if ((await text).includes(PDFJS_MARKER)) found.push(url);
    return found;
  };

  await signInByApi(page, "student");
  await page.goto("/student/content");
  await page.getByLabel("Permiso").selectOption({ label: "Permiso B" });
  // The library's first screen and the videos' list never bring pdf.js.
  await page.getByRole("button", { name: "Ver contenidos" }).nth(1).click();
  await expect(page.getByRole("button", { name: "Videoclase: señales de circulación" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.size).toBeGreaterThan(0);
  expect(await pdfjsScripts()).toEqual([]);
  expect(workers).toEqual([]);
  await page.getByRole("button", { name: "Volver" }).click();

  // The documents' list starts the viewer's code and its worker while the student reads it (issue 28: the first
  // page within 3 s on a phone); the worker's files are the build's hashed ones, kept by the browser for a year.
  await page.getByRole("button", { name: "Ver contenidos" }).first().click();
  await expect(page.getByRole("button", { name: "Temario y esquemas" })).toBeVisible();
  await expect.poll(async () => (await pdfjsScripts()).length).toBeGreaterThan(0);
  await expect.poll(() => workers.length).toBe(1);
  expect(new URL(workers[0]!).pathname).toMatch(/^\/_next\/static\//);
  const workerFile = await page.request.get(workers[0]!);
  expect(workerFile.headers()["cache-control"]).toContain("immutable");

  await page.getByRole("button", { name: "Temario y esquemas" }).click();
  await expect(page.getByText("Temario del permiso").first()).toBeVisible({ timeout: 20_000 });
  // One worker for the visit: opening the document started no other.
  expect(workers).toHaveLength(1);
});
