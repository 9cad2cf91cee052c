import type { Page } from "@playwright/test";

/**
 * The toast (spec 000 §3: title, description) whose title is exactly `title`, inside the notifications region: a
 * page may show the same words elsewhere (a balance movement 'Reserva anulada', a status badge). Each toast is an item of
 * the region's list; Radix's screen-reader announcement of it lives outside the region.
 */
export const toastTitled = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /^Notificaciones/ })
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) });
