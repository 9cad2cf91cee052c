import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";

test("an anonymous visitor is sent to the login page", async ({ page }) => {
  await page.goto("/biometric");
  await expect(page).toHaveURL(/\/login$/);
});

for (const [who, home, menu] of [
  ["student", "/student/reservations", ["Reservas", "Chat", "Historial de prácticas", "Mi saldo", "Mi calendario", "Resultados de exámenes", "Próximos exámenes", "Contenidos"]],
  ["instructor", "/instructor/dashboard", ["Inicio", "Chat", "Mi calendario", "Mis alumnos", "Mis reservas", "Prácticas finalizadas", "Exámenes", "Mi horario"]],
  ["admin", "/administrator", ["Inicio", "Alumnos", "Profesores", "Caja y saldos", "Contenidos", "Cursos CAP", "Alumnos CAP", "Usuarios", "Registro de actividad"]],
] as const) {
  test(`${who} lands on ${home} with the role's menu and is refused other areas`, async ({ page }) => {
    const user = await signIn(page, who);
    const nav = page.getByRole("complementary", { name: "Navegación" });
    await expect(nav.getByTestId("profile-name")).toHaveText(user.name);
    // The Chat link's name carries its unread badge when there is one ('Chat 3 sin leer').
    for (const label of menu) {
      const name = label === "Chat" ? /^Chat( \d+\+? sin leer)?$/ : label;
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    const foreign = who === "student" ? "/instructor/dashboard" : "/student/reservations";
    const response = await page.goto(foreign);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "¡Vaya! Te has salido de la ruta" })).toBeVisible();
  });
}

test("an unknown path shows the not-found page with its two ways back", async ({ page }) => {
  await signIn(page, "student");
  await page.goto("/student/reservations");
  await page.goto("/no-existe");
  await expect(page.getByRole("heading", { name: "¡Vaya! Te has salido de la ruta" })).toBeVisible();
  await page.getByRole("button", { name: "Volver atrás" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await page.goto("/no-existe");
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/student\/reservations$/);
});

test("the student's /student redirects to reservations and the current item is highlighted", async ({ page }) => {
  await signIn(page, "student");
  await page.goto("/student");
  await expect(page).toHaveURL(/\/student\/reservations$/);
  await page.getByRole("link", { name: "Mi saldo" }).click();
  await expect(page.getByRole("link", { name: "Mi saldo" })).toHaveAttribute("aria-current", "page");
});

test("the sidebar opens from the mobile top bar and closes on navigation and outside clicks", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, "student");
  const toggle = page.getByRole("button", { name: "Abrir menú" });
  const sidebar = page.locator("#app-sidebar");
  await clickHydrated(toggle);
  await expect(sidebar).toBeInViewport();
  await page.mouse.click(370, 700);
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await sidebar.getByRole("link", { name: "Contenidos" }).click();
  await expect(page).toHaveURL(/\/student\/content$/);
  await expect(sidebar).not.toBeInViewport();
});

test("the dark theme is remembered under 'theme'", async ({ page }) => {
  await signIn(page, "student");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await clickHydrated(page.getByRole("button", { name: "Usar tema oscuro" }));
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
});
