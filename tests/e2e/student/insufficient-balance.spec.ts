import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { availableSlots, balanceSeconds, durationText, nextWeekWithSlots, openCalendarStep } from "./booking-support";

test("selecting past the balance opens 'Saldo insuficiente'; changing the duration clears the selection", async ({ page }) => {
  await signIn(page, "student");
  const balance = await balanceSeconds(page.request);
  await openCalendarStep(page, "B");

  // The longest duration fills the balance fastest.
  const duration = page.getByLabel("Duración de la práctica");
  const longestText = (await duration.getByRole("option").last().textContent())!.trim();
  await duration.selectOption({ label: longestText });
  await expect(duration.locator("option:checked")).toHaveText(longestText);

  await nextWeekWithSlots(page);
  const dialog = page.getByRole("dialog", { name: "Saldo insuficiente" });
  let selected = 0;
  for (let i = 0; i < 40 && !(await dialog.isVisible()); i++) {
    if ((await availableSlots(page).count()) === 0) await nextWeekWithSlots(page);
    await availableSlots(page).first().click();
    // Either the slot joins the selection or 'Saldo insuficiente' opens (a dialog's code comes with its first opening).
    const grown = page.getByTestId("wizard-selected").filter({ hasText: new RegExp(`^${selected + 1} `) });
    await expect(dialog.or(grown)).toBeVisible();
    if (await grown.isVisible()) selected += 1;
  }
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("No puedes seleccionar más horarios porque excederías tu saldo disponible.");
  await expect(dialog).toContainText("Puedes cambiar tu selección o recargar tu saldo.");
  await expect(dialog).toContainText(`Saldo disponible${durationText(balance)}`);
  await expect(dialog).toContainText("Ya seleccionado");
  await dialog.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(new RegExp(`^${selected} `));

  // Changing the duration with a selection asks first, then clears it.
  const shortestText = (await duration.getByRole("option").first().textContent())!.trim();
  await duration.selectOption({ label: shortestText });
  const confirm = page.getByRole("alertdialog", { name: "Cambiar duración" });
  await confirm.getByRole("button", { name: "Cambiar duración" }).click();
  await expect(page.getByTestId("wizard-selected")).toHaveText(/^0 /);
  await expect(page.getByRole("button", { name: "Continuar" })).toBeDisabled();
  await expect(duration.locator("option:checked")).toHaveText(shortestText);
});
