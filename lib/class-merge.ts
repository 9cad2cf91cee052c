// Merges a list of Tailwind classes so that a later class overrides an earlier one that sets the same thing
// (`cn("px-4 h-9", "h-8")` → "px-4 h-8"), which is what lets a caller's className override a primitive's own.
//
// tailwind-merge does this for every class Tailwind knows, and its class table weighs ~8 kB gzip in the first load of
// every page. This is the same algorithm (tailwind-merge 3's mergeClassList: read from the end, keep a class unless a
// later one took its group for the same variants) with groups for the utilities this project writes. A unit test
// (class-merge.test.ts) compiles the project's stylesheet and holds this merge to tailwind-merge's answer for every
// ordered pair of the classes Tailwind generated, so a class written in the future with a group this file does not know
// fails the test rather than a screen.

// Exact classes and their group, as "group:class class|group:class".
const EXACT = new Map<string, string>();
for (const entry of (
  "display:block inline inline-block flex inline-flex grid inline-grid hidden contents table table-cell table-row " +
  "table-caption table-column table-row-group table-header-group flow-root list-item|position:static fixed absolute relative " +
  "sticky|visibility:visible invisible collapse|case:uppercase lowercase capitalize normal-case|text-overflow:truncate|" +
  "decoration-line:underline overline line-through no-underline|invert:invert|smoothing:antialiased subpixel-antialiased|" +
  "font-style:italic not-italic|sr:sr-only not-sr-only|fvn-spacing:tabular-nums proportional-nums|fvn-figure:lining-nums " +
  "oldstyle-nums|fvn-normal:normal-nums|transform:transform transform-cpu transform-gpu transform-none|filter:filter " +
  "filter-none|resize:resize|container:container|isolation:isolate isolation-auto|border-w:border|rounded:rounded|" +
  "shadow:shadow|ring-w:ring|outline-w:outline|blur:blur|backdrop-blur:backdrop-blur|transition:transition|grow:grow|" +
  "shrink:shrink|divide-x:divide-x|divide-y:divide-y|container-type:@container|ring-inset:ring-inset|box:box-border box-content"
).split("|")) {
  const [group, classes] = entry.split(":") as [string, string];
  for (const name of classes.split(" ")) EXACT.set(name, group);
}

// Prefixes whose every value sets one thing: the group is the prefix (renamed where tailwind-merge's group is wider).
const SINGLE = new RegExp(
  "^(scroll-[pm][xysetrbl]?|[pm][xysetrbl]?|inset-[xy]|inset|top|right|bottom|left|start|end|z|order|opacity|duration|" +
    "delay|ease|aspect|cursor|tracking|leading|line-clamp|grid-cols|grid-rows|col-start|col-end|row-start|row-end|" +
    "col-span|col|row-span|row|auto-rows|auto-cols|basis|grow|shrink|min-w|min-h|max-w|max-h|size|w|h|gap-[xy]|gap|" +
    "space-[xy]|translate-[xyz]|translate|rotate|scale-[xy]|scale|skew-[xy]|origin|pointer-events|select|touch|accent|" +
    "caption|whitespace|field-sizing|underline-offset|outline-offset|columns|indent|backdrop-blur|blur|overscroll-[xy]|" +
    "overscroll|overflow-[xy]|overflow|items|self|justify-items|justify-self|justify|place-content|place-items|" +
    "place-self|align|break|resize|will-change|appearance|transition)-",
);
const RENAMED: Record<string, string> = { col: "col-span", "col-span": "col-span", row: "row-span" };

const SIZE = /^(\d*x?s|sm|base|md|lg|\d*xl)$/;
const LENGTH = /^\[(length:|\d|\.\d|calc|min|max|clamp)|^\d+(\.\d+)?$/;
const LINE_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/;

// The group of a class without its variants, `!` or `/` modifier, or undefined for a class Tailwind does not own.
function groupOf(name: string): string | undefined {
  const exact = EXACT.get(name);
  if (exact) return exact;
  // An arbitrary property ("[scrollbar-width:thin]") sets that property.
  const arbitrary = /^\[([a-z-]+):/.exec(name);
  if (arbitrary) return `arbitrary-${arbitrary[1]}`;
  const base = name.startsWith("-") ? name.slice(1) : name;
  const single = SINGLE.exec(base);
  if (single) return RENAMED[single[1]!] ?? single[1];
  const dash = base.indexOf("-");
  if (dash < 0) return undefined;
  const prefix = base.slice(0, dash);
  const value = base.slice(dash + 1);
  switch (prefix) {
    // Gradient stops: a colour or a position per stop.
    case "from":
    case "via":
    case "to":
      return /^\d+%$/.test(value) ? `gradient-${prefix}-pos` : `gradient-${prefix}`;
    case "decoration":
      if (/^(\d+|auto|from-font|\[length:)/.test(value)) return "decoration-thickness";
      return LINE_STYLE.test(value) || value === "wavy" ? "decoration-style" : "decoration-color";
    case "snap":
      if (/^(start|end|center|align-none)$/.test(value)) return "snap-align";
      if (/^(none|x|y|both)$/.test(value)) return "snap-type";
      if (/^(mandatory|proximity)$/.test(value)) return "snap-strictness";
      return /^(normal|always)$/.test(value) ? "snap-stop" : undefined;
    case "text":
      if (SIZE.test(value) || /^\[(length:|\d)/.test(value)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(ellipsis|clip)$/.test(value)) return "text-overflow";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      return "text-color";
    case "bg":
      if (/^(fixed|local|scroll)$/.test(value)) return "bg-attachment";
      if (/^(auto|cover|contain)$/.test(value)) return "bg-size";
      if (/^(no-repeat|repeat)/.test(value)) return "bg-repeat";
      if (/^(none|gradient|linear|radial|conic)/.test(value)) return "bg-image";
      if (/^(clip|origin|blend)-/.test(value)) return `bg-${value.split("-")[0]}`;
      return "bg-color";
    case "border": {
      if (LINE_STYLE.test(value)) return "border-style";
      if (/^(collapse|separate)$/.test(value)) return "border-collapse";
      if (value.startsWith("spacing")) return "border-spacing";
      const side = /^([xysetrbl])(-|$)/.exec(value);
      const rest = side ? value.slice(2) : value;
      const suffix = side ? `-${side[1]}` : "";
      return rest === "" || LENGTH.test(rest) ? `border-w${suffix}` : `border-color${suffix}`;
    }
    case "ring":
      if (value.startsWith("offset-")) return LENGTH.test(value.slice(7)) ? "ring-offset-w" : "ring-offset-color";
      return LENGTH.test(value) ? "ring-w" : "ring-color";
    case "outline":
      if (LINE_STYLE.test(value)) return "outline-style";
      return LENGTH.test(value) ? "outline-w" : "outline-color";
    case "shadow":
      return /^(\d*x?s|sm|md|lg|\d*xl|none|inner)$/.test(value) || value.startsWith("[") ? "shadow" : "shadow-color";
    case "font":
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value) ? "font-weight" : "font-family";
    case "flex":
      if (/^(row|col)(-reverse)?$/.test(value)) return "flex-direction";
      if (/^(wrap|wrap-reverse|nowrap)$/.test(value)) return "flex-wrap";
      return "flex";
    case "list":
      if (/^(inside|outside)$/.test(value)) return "list-position";
      return value.startsWith("image") ? "list-image" : "list-type";
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(value) ? "object-fit" : "object-position";
    case "divide":
      if (/^[xy](-|$)/.test(value)) return `divide-${value[0]}`;
      return LINE_STYLE.test(value) ? "divide-style" : "divide-color";
    case "content":
      return /^(none|\[)/.test(value) ? "content" : "align-content";
    case "animate":
      // Only Tailwind's own animations: tailwind-merge leaves a theme's animations (animate-fade-in) unmerged.
      return /^(none|spin|ping|pulse|bounce|\[|\()/.test(value) ? "animate" : undefined;
    case "rounded": {
      const side = /^(ss|se|ee|es|tl|tr|br|bl|[setrbl])(-|$)/.exec(value);
      return side ? `rounded-${side[1]}` : "rounded";
    }
  }
  return undefined;
}

// What a class of each group overrides beside its own group (tailwind-merge's conflictingClassGroups).
const CONFLICTS = new Map<string, string[]>([
  ["overflow", ["overflow-x", "overflow-y"]],
  ["overscroll", ["overscroll-x", "overscroll-y"]],
  ["inset", ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"]],
  ["inset-x", ["start", "end", "right", "left"]],
  ["inset-y", ["top", "bottom"]],
  ["flex", ["basis", "grow", "shrink"]],
  ["gap", ["gap-x", "gap-y"]],
  ["size", ["w", "h"]],
  ["font-size", ["leading"]],
  ["line-clamp", ["display", "overflow"]],
  ["translate", ["translate-x", "translate-y"]],
  ["touch", ["touch-x", "touch-y", "touch-pz"]],
  ["fvn-normal", ["fvn-ordinal", "fvn-slashed-zero", "fvn-figure", "fvn-spacing", "fvn-fraction"]],
  ...["fvn-ordinal", "fvn-slashed-zero", "fvn-figure", "fvn-spacing", "fvn-fraction"].map((g): [string, string[]] => [g, ["fvn-normal"]]),
  ...["touch-x", "touch-y", "touch-pz"].map((g): [string, string[]] => [g, ["touch"]]),
]);
// Boxes: the whole box overrides each side, an axis its two sides (and their logical names).
for (const [box, sep] of [["p", ""], ["m", ""], ["scroll-p", ""], ["scroll-m", ""], ["border-w", "-"], ["border-color", "-"]] as const) {
  const side = (s: string) => `${box}${sep}${s}`;
  CONFLICTS.set(box, "xysetrbl".split("").map(side));
  CONFLICTS.set(side("x"), "serl".split("").map(side));
  CONFLICTS.set(side("y"), "tb".split("").map(side));
}
CONFLICTS.set("rounded", "s e t r b l ss se ee es tl tr br bl".split(" ").map((s) => `rounded-${s}`));
for (const [side, corners] of Object.entries({ s: "ss es", e: "se ee", t: "tl tr", r: "tr br", b: "br bl", l: "tl bl" })) {
  CONFLICTS.set(`rounded-${side}`, corners.split(" ").map((c) => `rounded-${c}`));
}

// Variants whose order changes the selector; between them the others are sorted (hover:focus: = focus:hover:).
const ORDER_SENSITIVE = new Set(["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line", "marker", "placeholder", "selection"]);

function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v.startsWith("[") || ORDER_SENSITIVE.has(v)) {
      sorted.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  return [...sorted, ...run.sort()].join(":");
}

// Splits "md:hover:!px-4/50" into its variants, importance and base class at the top level (not inside [] or ()).
function parse(className: string): { variants: string[]; important: boolean; base: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (depth === 0 && c === ":") {
      variants.push(className.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && c === "/") slash = i;
  }
  let base = className.slice(start, slash > start ? slash : undefined);
  let important = false;
  if (base.endsWith("!") || base.startsWith("!")) {
    important = true;
    base = base.endsWith("!") ? base.slice(0, -1) : base.slice(1);
  } else if (slash > start && className.endsWith("!")) important = true;
  return { variants, important, base };
}

const cache = new Map<string, string>();

export function mergeClasses(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const { variants, important, base } = parse(className);
    const group = groupOf(base);
    if (group) {
      const scope = `${variantKey(variants)}${important ? "!" : ""}|`;
      if (taken.has(scope + group)) continue;
      taken.add(scope + group);
      for (const other of CONFLICTS.get(group) ?? []) taken.add(scope + other);
    }
    kept.push(className);
  }
  const merged = kept.reverse().join(" ");
  if (cache.size > 1000) cache.clear();
  cache.set(classList, merged);
  return merged;
}
