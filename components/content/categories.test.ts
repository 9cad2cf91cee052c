import type { ContentLicense } from "@/lib/contract/content";
import { visibleCategories } from "./categories";

const item = (type: "document" | "video" | "iframe") => ({ id: type, name: type, type, url: `/${type}` });
const license = (over: Partial<ContentLicense> = {}): ContentLicense => ({
  licenseId: "b",
  licenseName: "B",
  documents: [],
  videos: [],
  iframes: [],
  ...over,
});

describe("content category cards (spec 000 §2)", () => {
  it("shows the three cards with the spec's titles and subtitles, in order, when each has items", () => {
    const cards = visibleCategories(license({ documents: [item("document")], videos: [item("video")], iframes: [item("iframe")] }));
    expect(cards.map((c) => [c.title, c.subtitle])).toEqual([
      ["Libro, esquemas y resúmenes", "Versión online"],
      ["Videoclases", "Clases online"],
      ["Test online", "Plataforma de test"],
    ]);
  });

  it("leaves out a category without items", () => {
    expect(visibleCategories(license({ iframes: [item("iframe")] })).map((c) => c.key)).toEqual(["iframes"]);
    expect(visibleCategories(license())).toEqual([]);
  });
});
