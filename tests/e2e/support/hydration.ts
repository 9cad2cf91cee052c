import { expect, type Locator } from "@playwright/test";

/**
 * Clicks a control once React has hydrated it. A button drawn in the server's HTML is visible (and clickable for
 * Playwright) before its handler is attached; a click in that window does nothing. React attaches its props to the
 * element (`__reactProps$…`) when it hydrates it, so that is the condition, not a delay.
 */
export async function clickHydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), { timeout: 15_000 })
    .toBe(true);
  await target.click();
}
