import { renderToStaticMarkup } from "react-dom/server";
import { NAV_ITEMS } from "./nav-config";
import { navIcons } from "./nav-icons";

describe("navIcons", () => {
  it("draws an icon for every menu item of every role, and none for a session without one", () => {
    for (const area of ["student", "instructor", "administrator"] as const) {
      const icons = navIcons(area);
      for (const item of NAV_ITEMS[area]) {
        const svg = renderToStaticMarkup(<>{icons[item.icon]}</>);
        const isIcon = svg.startsWith("<svg") && svg.includes('aria-hidden="true"');
        expect({ item: item.name, isIcon }).toEqual({ item: item.name, isIcon: true });
      }
    }
    expect(navIcons(null)).toEqual({});
  });

  it("draws the role's own icons only", () => {
    expect(Object.keys(navIcons("student")).sort()).toEqual([...new Set(NAV_ITEMS.student.map((i) => i.icon))].sort());
    expect(navIcons("student")).not.toHaveProperty("scan-face");
  });
});
