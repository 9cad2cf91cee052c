import { INSTRUCTOR_EVENT_STYLE } from "@/components/instructor/instructor-calendar-colors";
import { textColorFor } from "@/components/practices/calendar-colors";
import { STUDENT_CALENDAR_COLORS } from "@/lib/contract/constants/calendar";

// WCAG 1.4.3: the calendars' event text is 12 px, so each event colour needs 4.5:1 with the text drawn on it.
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("calendar event colours", () => {
  it("measures as WCAG does", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21);
    expect(contrast("#16a34a", "#ffffff")).toBeCloseTo(3.3, 1);
  });

  it.each(Object.entries(STUDENT_CALENDAR_COLORS))("student calendar: %s (%s) reads at 4.5:1", (_, color) => {
    expect(contrast(color, textColorFor(color))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(INSTRUCTOR_EVENT_STYLE).filter(([type]) => type !== "availability"))(
    "instructor calendar: %s reads at 4.5:1",
    (_, style) => {
      expect(contrast(style.color, style.text)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
