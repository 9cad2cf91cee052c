import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { assignmentFor, bookViaApi, freeSlots, studentCard } from "./booking-support";

// Spec §2: on very wide screens the reservations can be narrowed by instructor and by licence (native selects).
test.use({ viewport: { width: 1700, height: 1000 } });

test("the filters narrow the reservations by instructor and by licence, and 'Todos' brings them back", async ({ page }) => {
  await signIn(page, "student");
  const carlos = await assignmentFor(page.request, "B", "Carlos");
  const marta = await assignmentFor(page.request, "A2", "Marta");
  const [withCarlos] = await bookViaApi(page.request, carlos, await freeSlots(page.request, carlos.instructor.id, 1, 72));
  const [withMarta] = await bookViaApi(page.request, marta, await freeSlots(page.request, marta.instructor.id, 1, 72));

  await page.goto("/student/reservations");
  const instructor = page.getByRole("combobox", { name: "Profesor" });
  const license = page.getByRole("combobox", { name: "Permiso" });
  await expect(studentCard(page, withCarlos)).toBeVisible();
  await expect(studentCard(page, withMarta)).toBeVisible();
  await expect(instructor.locator("option:checked")).toHaveText("Todos los profesores");

  await license.selectOption({ label: "Permiso A2" });
  await expect(studentCard(page, withMarta)).toBeVisible();
  await expect(studentCard(page, withCarlos)).toHaveCount(0);

  await license.selectOption({ label: "Todos los permisos" });
  const carlosName = (await instructor.getByRole("option", { name: new RegExp(`^${carlos.instructor.firstName}\\b`) }).textContent())!;
  await instructor.selectOption({ label: carlosName });
  await expect(studentCard(page, withCarlos)).toBeVisible();
  await expect(studentCard(page, withMarta)).toHaveCount(0);

  await instructor.selectOption({ label: "Todos los profesores" });
  await expect(studentCard(page, withMarta)).toBeVisible();
});
