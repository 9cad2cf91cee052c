import { filterByName, initials, isReadByPartner, messageTime, unreadBadge, unreadText } from "./chat-format";

describe("chat texts (spec 000 §2, §4, §9)", () => {
  it("caps the unread badge at '99+'", () => {
    expect([1, 99, 100, 250].map(unreadBadge)).toEqual(["1", "99", "99+", "99+"]);
  });

  it("says '1 mensaje nuevo' or 'N mensajes nuevos'", () => {
    expect(unreadText(1)).toBe("1 mensaje nuevo");
    expect(unreadText(2)).toBe("2 mensajes nuevos");
    expect(unreadText(120)).toBe("120 mensajes nuevos");
  });

  it("shows the time as 'dd MMM HH:mm' in Spanish", () => {
    expect(messageTime("2025-03-07T09:05:00Z")).toBe("07 mar 09:05");
  });

  it("uses the initial when there is no image", () => {
    expect(initials("  lucía Martín")).toBe("L");
    expect(initials("")).toBe("?");
  });
});

describe("the read tick", () => {
  const at = "2025-03-07T09:05:00.000Z";
  it("is shown when the message was created at or before the partner's read mark", () => {
    expect(isReadByPartner(at, at)).toBe(true);
    expect(isReadByPartner(at, "2025-03-07T09:05:00.001Z")).toBe(true);
  });

  it("is not shown for a later message or when the partner never read", () => {
    expect(isReadByPartner(at, "2025-03-07T09:04:59.999Z")).toBe(false);
    expect(isReadByPartner(at, null)).toBe(false);
  });
});

describe("the list search", () => {
  const people = [{ name: "Lucía Martín" }, { name: "Carlos Ruiz" }, { name: "Marta Gil" }];
  const names = (search: string) => filterByName(people, search, (p) => p.name).map((p) => p.name);

  it("filters by name, case-insensitive, ignoring surrounding spaces", () => {
    expect(names("MAR")).toEqual(["Lucía Martín", "Marta Gil"]);
    expect(names("  ruiz ")).toEqual(["Carlos Ruiz"]);
  });

  it("keeps everyone for an empty search and no one for a miss", () => {
    expect(names("   ")).toHaveLength(3);
    expect(names("zzz")).toEqual([]);
  });
});
