import type { Locator, Page } from "@playwright/test";

// Touch targets on a phone (issue "Phone first", WCAG 2.5.5): every control a finger taps is at least 44×44 px.
// What is measured, and the exceptions WCAG 2.5.8 allows that count here:
// - a control's own box, or for a checkbox or radio the box of its label (the label is part of the target: a tap on
//   it toggles the control), and for a control hidden from sight (`sr-only`, a file input) its label's box;
// - inline links: a link inside a sentence, sized by the line height of the text around it (2.5.8 'Inline');
// - scroll containers that take keyboard focus so the arrow keys can scroll them (a table or a list with
//   tabindex=0): a keyboard affordance, not a target a finger aims at;
// - anything outside the screen's width (the closed sidebar waits off-screen, translated to the left).
// A control that sticks out of the bordered box around it (a card, a row) is reported too: it is drawn over the edge.
export const MIN_TARGET_PX = 44;

export type Offender = { what: string; width: number; height: number };

const INTERACTIVE = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=link]",
  "[role=tab]",
  "[role=checkbox]",
  "[role=radio]",
  "[role=switch]",
  "[role=menuitem]",
  "[role=option]",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

/** Controls inside `scope` (the whole page by default) smaller than 44×44 px, exceptions aside; `selector` narrows
 * what counts as a control (the buttons of a calendar's toolbar, not its events). */
export async function smallTargets(page: Page, scope?: Locator, selector = INTERACTIVE): Promise<Offender[]> {
  const root = scope ?? page.locator("body");
  return root.evaluate(
    (rootEl, { selector, min, width }) => {
      const union = (a: DOMRect, b: DOMRect) => {
        const left = Math.min(a.left, b.left);
        const top = Math.min(a.top, b.top);
        return { width: Math.max(a.right, b.right) - left, height: Math.max(a.bottom, b.bottom) - top };
      };
      const isShown = (el: Element) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0 && !el.closest("[inert], [aria-hidden=true]");
      };
      const labelOf = (el: Element): Element | null => {
        const wrapping = el.closest("label");
        if (wrapping) return wrapping;
        const id = el.getAttribute("id");
        return id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
      };
      const hasOwnText = (el: Element) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim().length > 0);
      const isInline = (el: Element) => {
        if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
        // Inside a sentence: the block around it holds text of its own besides the link.
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
        return !!block && hasOwnText(block);
      };
      const isScrollContainer = (el: Element) => {
        const style = getComputedStyle(el);
        return el.hasAttribute("tabindex") && /(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`) && !el.matches("a, button, input, select, textarea, [role]");
      };
      const name = (el: Element) => {
        const label = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? (el as HTMLInputElement).value ?? "";
        const text = label.replace(/\s+/g, " ").trim().slice(0, 60);
        const role = el.getAttribute("role") ?? el.tagName.toLowerCase();
        const type = el.getAttribute("type");
        return `${role}${type ? `[${type}]` : ""} '${text}'`;
      };
      const sticksOutOf = (el: Element, box: DOMRect): string | null => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.position === "fixed" || style.position === "absolute") return null;
          if (parseFloat(style.borderLeftWidth) < 1 || parseFloat(style.borderRightWidth) < 1) continue;
          const frame = a.getBoundingClientRect();
          if (box.left < frame.left - 1 || box.right > frame.right + 1) return a.tagName.toLowerCase();
        }
        return null;
      };
      const offenders: { what: string; width: number; height: number }[] = [];
      for (const el of rootEl.querySelectorAll(selector)) {
        if (!isShown(el) || isInline(el) || isScrollContainer(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.right <= 0 || box.left >= width) continue;
        const isToggle = el.matches("input[type=checkbox], input[type=radio]");
        const isHidden = box.width <= 2 || box.height <= 2 || el.matches("input[type=file]");
        const label = isToggle || isHidden ? labelOf(el) : null;
        const size = label && isShown(label) ? union(box, label.getBoundingClientRect()) : { width: box.width, height: box.height };
        // Half a pixel of rounding: 43.5 px reads 44 on the screen.
        if (size.width < min - 0.5 || size.height < min - 0.5) {
          offenders.push({ what: name(el), width: Math.round(size.width), height: Math.round(size.height) });
        }
        // A control that sticks out of the bordered box it belongs to (a row too narrow for its buttons).
        const frame = sticksOutOf(el, box);
        if (frame) offenders.push({ what: `${name(el)} sticks out of its ${frame}`, width: Math.round(box.width), height: Math.round(box.height) });
      }
      return offenders;
    },
    { selector, min: MIN_TARGET_PX, width: screenWidth(page) },
  );
}

/** One line per offender, for a failure message. */
export const describeOffenders = (where: string, offenders: Offender[]) =>
  offenders.map((o) => `${where}: ${o.what} ${o.width}×${o.height}`);

// The screen's width as the test set it. Not `window.innerWidth`: a phone's browser widens its layout viewport to fit a
// page wider than the screen (Chromium's mobile emulation does too: a 516 px page read innerWidth 516 on a 390 px phone).
const screenWidth = (page: Page) => page.viewportSize()!.width;

/** How far the page scrolls sideways: 0 when nothing is wider than the screen. */
export const sidewaysOverflow = async (page: Page) =>
  (await page.evaluate(() => document.scrollingElement!.scrollWidth)) - screenWidth(page);

/**
 * What runs off the screen's edge without the page scrolling (an ancestor clips it): the outermost such boxes of the
 * page's content, by tag and text. A box inside a container that scrolls sideways on purpose (a calendar's week) is
 * that container's business; fixed layers (the closed menu, toasts) are left out.
 */
export const cutOffContent = (page: Page) =>
  page.evaluate((width) => {
    const found: string[] = [];
    const flagged: Element[] = [];
    for (const el of document.querySelectorAll("main *")) {
      if (flagged.some((f) => f.contains(el))) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      let inScroller = false;
      for (let a = el.parentElement; a && !inScroller; a = a.parentElement) {
        const style = getComputedStyle(a);
        inScroller = /(auto|scroll)/.test(style.overflowX) || style.position === "fixed";
      }
      if (inScroller || getComputedStyle(el).position === "fixed") continue;
      flagged.push(el);
      const text = ((el as HTMLElement).innerText ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()} '${text}' ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  }, screenWidth(page));
