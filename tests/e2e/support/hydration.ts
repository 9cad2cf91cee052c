import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated a control. A control drawn in the server's HTML is visible (and clickable for
 * Playwright) before its handlers are attached, and a click or key press in that window does nothing. React attaches
 * its props to the element (`__reactProps$…`) when it hydrates it, so that is the condition, not a delay or a retry.
 */
export async function hydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), { timeout: 15_000 })
    .toBe(true);
}

/** Clicks a control once React has hydrated it (see `hydrated`). */
export async function clickHydrated(target: Locator) {
  await hydrated(target);
  await target.click();
}
