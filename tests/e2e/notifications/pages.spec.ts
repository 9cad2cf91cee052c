import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { bell, lookAndScan } from "./support";

// Issue 29 for the instructor and the office: the bell in the sidebar, 'Notificaciones' and 'Mi perfil' with the
// categories that concern their role, accessible in both themes.

test.use({ viewport: { width: 1280, height: 800 } });

const ROLES = [
  { who: "instructor", has: ["Reservas", "Recordatorios", "Mensajes"], hasNot: ["Huecos libres", "Oficina"] },
  { who: "admin", has: ["Oficina"], hasNot: ["Huecos libres"] },
] as const;

for (const role of ROLES) {
  test(`${role.who}: the bell, 'Notificaciones' and 'Mi perfil' with the role's categories`, async ({ page }, testInfo) => {
    await signIn(page, role.who);
    await expect(bell(page)).toBeVisible();
    await bell(page).click();
    await expect(page).toHaveURL(/\/notificaciones$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
    await expect(page.getByTestId("notification-item").or(page.getByText("No tienes notificaciones", { exact: true })).first()).toBeVisible();
    await lookAndScan(page, testInfo, `notificaciones-${role.who}`);

    await page.goto("/perfil");
    const rows = page.getByTestId("preference-row");
    await expect(rows.first()).toBeVisible();
    const labels = await rows.locator("th").allInnerTexts();
    for (const label of role.has) expect(labels).toContain(label);
    for (const label of role.hasNot) expect(labels).not.toContain(label);
    await lookAndScan(page, testInfo, `perfil-${role.who}`);
  });
}
