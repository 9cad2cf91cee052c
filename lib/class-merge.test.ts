import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { twMerge } from "tailwind-merge";
import { mergeClasses } from "./class-merge";
import { cn } from "./utils";

// Every class Tailwind generates for this project (tests/fixtures/project-classes.mjs).
function projectClasses(): string[] {
  return JSON.parse(execFileSync(process.execPath, ["tests/fixtures/project-classes.mjs"], { encoding: "utf8" })) as string[];
}

describe("mergeClasses", () => {
  let classes: string[] = [];
  beforeAll(() => {
    classes = projectClasses();
  }, 60_000);

  it("reads the project's classes from the compiled stylesheet", () => {
    // The shell's own classes and the variants screens use are among them (the scan found the sources).
    for (const name of ["px-4", "h-9", "text-muted-foreground", "dark:bg-input/30", "hover:bg-accent", "size-4", "sr-only"]) {
      expect(classes).toContain(name);
    }
    expect(classes.length).toBeGreaterThan(500);
  });

  // tailwind-merge resolves a list pair by pair (a class is dropped when a later one conflicts with it), so agreeing
  // on every ordered pair of the project's classes is agreeing on every list of them.
  it("keeps and drops what tailwind-merge keeps and drops, for every ordered pair of the project's classes", () => {
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        const expected = twMerge(pair);
        if (mergeClasses(pair) !== expected) differences.push(`"${pair}" → "${mergeClasses(pair)}", tailwind-merge "${expected}"`);
      }
    }
    expect(differences.slice(0, 60)).toEqual([]);
  });

  it("agrees with tailwind-merge on longer lists of the project's classes, with variants and importance", () => {
    const variant = fc.constantFrom("", "hover:", "dark:", "md:", "focus-visible:", "dark:hover:", "hover:dark:");
    const important = fc.constantFrom("", "!");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(variant, fc.constantFrom(...classes), important), { minLength: 2, maxLength: 12 }),
        (parts) => {
          const list = parts.map(([v, name, bang]) => (/[:!]/.test(name) ? name : `${v}${name}${bang}`)).join(" ");
          expect(mergeClasses(list)).toBe(twMerge(list));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("lets a caller's class override a primitive's own, as the screens rely on", () => {
    expect(cn("inline-flex h-9 px-4 py-2", "h-8 px-2")).toBe("inline-flex py-2 h-8 px-2");
    expect(cn("p-6", "px-0")).toBe("p-6 px-0");
    expect(cn("px-0", "p-6")).toBe("p-6");
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("border bg-background", "border-0 bg-transparent shadow-none")).toBe("border-0 bg-transparent shadow-none");
    expect(cn("size-9", "h-7")).toBe("size-9 h-7");
    expect(cn("hover:bg-accent", "hover:bg-primary/90", false, undefined, "week-calendar")).toBe("hover:bg-primary/90 week-calendar");
  });
});
