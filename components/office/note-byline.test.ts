import type { OfficeNote } from "@/lib/contract/people";
import { noteByline } from "./note-byline";

const at = (iso: string) => iso.slice(0, 16).replace("T", " ");
const note = (over: Partial<OfficeNote>): OfficeNote => ({
  id: "00000000-0000-4000-8000-000000000001",
  body: "Prefiere clases por la tarde",
  createdAt: "2026-11-27T09:05:00.000Z",
  createdBy: "Ana Torres",
  updatedAt: "2026-11-27T09:05:00.000Z",
  updatedBy: "Ana Torres",
  ...over,
});

describe("noteByline", () => {
  it("names the author and the time of a note nobody changed", () => {
    expect(noteByline(note({}), at)).toBe("Ana Torres · 2026-11-27 09:05");
  });

  it("adds who changed it and when", () => {
    expect(noteByline(note({ updatedAt: "2026-11-27T11:30:00.000Z", updatedBy: "Pedro Gil" }), at)).toBe(
      "Ana Torres · 2026-11-27 09:05 · editada por Pedro Gil el 2026-11-27 11:30",
    );
  });

  it("says so when the people are gone", () => {
    expect(noteByline(note({ createdBy: null, updatedAt: "2026-11-28T08:00:00.000Z", updatedBy: null }), at)).toBe(
      "Usuario eliminado · 2026-11-27 09:05 · editada por un usuario eliminado el 2026-11-28 08:00",
    );
  });
});
