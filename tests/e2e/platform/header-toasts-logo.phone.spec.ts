import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { clickHydrated } from "../support/hydration";
import { toastTitled } from "../support/toast";

// Issue "Phone first" §6: on a phone a toast never covers the header, whose buttons stay usable while it shows; and the
// dark login shows the school's name.

const headerButton = (page: Page) => page.locator("header").getByRole("button", { name: "Abrir menú" });

test("a toast shows below the phone's header, whose menu button still opens the menu", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/administrator/licenses");
  const remove = page.getByRole("button", { name: /^Eliminar permiso / }).first();
  await expect(remove).toBeVisible();
  // Refused by the server (as for a licence in use): nothing changes, a toast says so.
  await page.route("**/api/administrator/licenses/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 409, json: { error: "LICENSE_IN_USE", message: "El permiso tiene reservas" } })
      : route.fallback(),
  );
  await clickHydrated(remove);
  const toast = toastTitled(page, "No se pudo eliminar el permiso");
  await expect(toast).toBeVisible();

  const header = (await page.locator("header").boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
  // Nothing lies over the header's button, not even the toasts' empty region.
  const button = (await headerButton(page).boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.getAttribute("aria-label") ?? null,
    { x: button.x + button.width / 2, y: button.y + 4 },
  );
  expect(onTop).toBe("Abrir menú");
  await headerButton(page).click();
  await expect(page.locator("#app-sidebar")).toBeInViewport();
  await expect(toast).toBeVisible();
});

// The darkest ink of the logo against the ground it is drawn on (its own plate, or the nearest painted ancestor).
async function logoContrast(page: Page): Promise<number> {
  const logo = page.getByRole("img", { name: "Autoescuela Demo" });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return logo.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgb = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! };
    };
    let ground = rgb(getComputedStyle(img).backgroundColor);
    for (let el: Element | null = img.parentElement; ground.a === 0 && el; el = el.parentElement) ground = rgb(getComputedStyle(el).backgroundColor);
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const full = document.createElement("canvas");
    full.width = img.naturalWidth;
    full.height = img.naturalHeight;
    const fctx = full.getContext("2d")!;
    fctx.drawImage(img, 0, 0);
    const data = fctx.getImageData(0, 0, full.width, full.height).data;
    // The lettering: the darkest opaque pixel (the school's name is drawn dark for a light page).
    let ink = 1;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 230) ink = Math.min(ink, luminance({ r: data[i]!, g: data[i + 1]!, b: data[i + 2]! }));
    const l = luminance(ground);
    return (Math.max(l, ink) + 0.05) / (Math.min(l, ink) + 0.05);
  });
}

test("the login logo's lettering reads against its ground in both themes", async ({ page }) => {
  await page.goto("/login");
  expect(await logoContrast(page), "light theme").toBeGreaterThanOrEqual(4.5);
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await logoContrast(page), "dark theme").toBeGreaterThanOrEqual(4.5);
  await page.screenshot({ path: "test-results/screens/phone/login-dark.png" });
});
