import type { Page } from "@playwright/test";

/**
 * Waits until the page's finite animations have ended (a dialog's zoom-in, a menu's slide, a theme's colour
 * transitions): measured mid-animation a 44 px control reads 43 px, and a screenshot catches colours half-way.
 * Infinite ones (a spinner) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
