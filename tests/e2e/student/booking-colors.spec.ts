import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/auth";
import { availableSlots, nextWeekWithSlots, openCalendarStep } from "./booking-support";
import { settleAnimations } from "../support/animations";

// Issue "Phone first": in the booking wizard's week grid, free, selected and taken slots read at 4.5:1 (their 12 px
// text on their own fill, WCAG 1.4.3) and each shape stands out from the calendar at 3:1 (its fill, border or outline
// against the calendar's ground, WCAG 1.4.11), in both themes. Measured as drawn: FullCalendar's theme paints events
// with translucent layers, so the colours are composited as the browser stacks them.

type Measure = { kind: string; text: number; shape: number };

async function measureKinds(page: Page): Promise<Measure[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    type RGBA = [number, number, number, number];
    const parse = (css: string): RGBA => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "rgba(0,0,0,0)";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    // The calendar's ground: its nearest painted ancestor, composited over the page.
    const groundOf = (el: Element): RGBA => {
      const chain: RGBA[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) chain.push(parse(getComputedStyle(e).backgroundColor));
      return chain.reverse().reduce<RGBA>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const firstColour = (value: string) => value.match(/^[a-z-]+\((?:[^()]|\([^()]*\))*\)/)?.[0] ?? null;

    const kinds = ["available", "selected", "unavailable", "reservation-pending", "reservation-confirmed", "practice"];
    const results: { kind: string; text: number; shape: number }[] = [];
    for (const kind of kinds) {
      const event = document.querySelector(`.booking-event--${kind}`);
      if (!event) continue;
      const ground = groundOf(event.parentElement!);
      // Every text of the event (its time and its label) on the fill behind it: the backgrounds from the event down to
      // the text, stacked on the ground.
      const texts = [event, ...event.querySelectorAll("*")].filter((e) =>
        [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim()),
      );
      let text = Infinity;
      let shape = 0;
      for (const title of texts) {
        const path: Element[] = [];
        for (let e: Element | null = title; e && e !== event.parentElement; e = e.parentElement) path.unshift(e);
        let fill = ground;
        let hatched = ground;
        // The shape: its fill, a border or an inset outline on the way, whichever stands out most from the ground.
        const edges: RGBA[] = [];
        for (const e of path) {
          const style = getComputedStyle(e);
          const background = parse(style.backgroundColor);
          fill = over(background, fill);
          hatched = over(background, hatched);
          // Taken time is hatched with translucent black stripes: the text must read on the stripes too.
          const stripe = style.backgroundImage.match(/rgba?\([^)]*\)/g)?.map(parse).find((c) => c[3] > 0);
          if (stripe) hatched = over(stripe, hatched);
          if (parseFloat(style.borderTopWidth) >= 1) edges.push(over(parse(style.borderTopColor), fill));
          const shadow = firstColour(style.boxShadow);
          if (shadow) edges.push(over(parse(shadow), fill));
        }
        edges.push(fill);
        const colour = parse(getComputedStyle(title).color);
        text = Math.min(text, ratio(over(colour, fill), fill), ratio(over(colour, hatched), hatched));
        shape = Math.max(shape, ...edges.map((c) => ratio(c, ground)));
      }
      results.push({ kind, text: Math.round(text * 100) / 100, shape: Math.round(shape * 100) / 100 });
    }
    return results;
  });
}

test("the week grid's free, selected and taken slots read at 4.5:1 and stand out at 3:1 in both themes", async ({ page }) => {
  await signIn(page, "student");
  await openCalendarStep(page, "B");
  if ((await availableSlots(page).count()) === 0) await nextWeekWithSlots(page);
  await availableSlots(page).first().click();
  await expect(page.locator(".booking-event--selected").first()).toBeVisible();
  // Past the 300 ms highlight of the slot just picked.
  await expect(page.locator(".slot-highlight")).toHaveCount(0);

  const failures: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await settleAnimations(page);
    const measures = await measureKinds(page);
    expect(measures.map((m) => m.kind), `${theme}: the kinds drawn`).toEqual(expect.arrayContaining(["available", "selected", "unavailable"]));
    for (const m of measures) {
      if (m.text < 4.5) failures.push(`${theme} ${m.kind}: text ${m.text}:1`);
      if (m.shape < 3) failures.push(`${theme} ${m.kind}: shape ${m.shape}:1`);
    }
    // And axe's own reading of the step's text colours (legend, toolbar, events).
    const axe = await new AxeBuilder({ page }).setLegacyMode(true).withRules(["color-contrast"]).analyze();
    for (const v of axe.violations) failures.push(`${theme} axe ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await page.screenshot({ path: `test-results/screens/booking/week-grid-${theme}.png` });
  }
  expect(failures, failures.join("\n")).toEqual([]);
});
