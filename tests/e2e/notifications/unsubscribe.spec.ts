import path from "node:path";
import { expect, test } from "@playwright/test";
import { unsubscribeToken } from "@/server/notifications/unsubscribe-token";
import { createFreshStudent } from "../support/fresh-student";
import { apiAs, lookAndScan, tenantIds } from "./support";

// Issue 29: every e-mail carries a link to stop that category's e-mails. '/baja?token=' is public (no session): it
// reads what the link turns off, asks, and turns it off with the same call a mail client's one-click button makes.

// The token is signed the way the server signs it (server/notifications/unsubscribe-token.ts): with the key the e2e
// server keeps under its data folder (DATA_DIR, read when signing), outside production without a JWT key of its own.
function tokenFor(userId: string, category: "reservations" | "slots") {
  process.env.DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(".data", "e2e"));
  return unsubscribeToken({ tenantId: tenantIds().demo!, userId, category });
}

// The wide screen at 1280×800 (the screenshots are looked at).
test.use({ viewport: { width: 1280, height: 800 } });

test("an e-mail's unsubscribe link turns that category's e-mail off, signed out, after asking", async ({ page, browser }, testInfo) => {
  const student = await createFreshStudent(page, "Zuriñe");
  const token = tokenFor(student.id, "reservations");

  // Opened in a browser with no session at all (a mail app's).
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
  const visitor = await context.newPage();
  await visitor.goto(`/baja?token=${token}`);
  await expect(visitor).toHaveURL(/\/baja\?token=/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Darse de baja de los correos" })).toBeVisible();
  await expect(visitor.getByText("¿Quieres dejar de recibir correos de «Reservas»?")).toBeVisible();
  await lookAndScan(visitor, testInfo, "baja-confirm");

  // Nothing changed by opening it.
  const api = await apiAs(student);
  const before = (await (await api.get("/api/notifications/preferences")).json()) as { categories: { category: string; email: boolean }[] };
  expect(before.categories.find((c) => c.category === "reservations")?.email).toBe(true);

  await visitor.getByRole("button", { name: "Dejar de recibirlos" }).click();
  await expect(visitor.getByText("Ya no recibirás correos de «Reservas».", { exact: true })).toBeVisible();
  await lookAndScan(visitor, testInfo, "baja-done");
  const after = (await (await api.get("/api/notifications/preferences")).json()) as { categories: { category: string; push: boolean; email: boolean }[] };
  expect(after.categories.find((c) => c.category === "reservations")).toMatchObject({ email: false, push: true });
  // Only that category.
  expect(after.categories.find((c) => c.category === "exams")?.email).toBe(true);

  // An altered or foreign link says so, in Spanish.
  await visitor.goto(`/baja?token=${token.slice(0, -4)}AAAA`);
  await expect(visitor.locator("main").getByRole("alert")).toContainText("no es válido");
  await visitor.goto("/baja");
  await expect(visitor.locator("main").getByRole("alert")).toContainText("El enlace para darte de baja no es válido o ha caducado.");
  await lookAndScan(visitor, testInfo, "baja-invalid");
  await context.close();
});
