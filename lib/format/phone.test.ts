import { optionalPhoneSchema, ownPhoneBodySchema } from "@/lib/contract/phone";
import { formatPhone, normalizeSpanishPhone, PHONE_INVALID_MESSAGE, telHref } from "./phone";

describe("Spanish phone numbers", () => {
  it.each([
    ["612345678", "+34612345678"],
    ["612 34 56 78", "+34612345678"],
    ["612 345 678", "+34612345678"],
    ["+34 612 345 678", "+34612345678"],
    ["+34612345678", "+34612345678"],
    ["0034 612345678", "+34612345678"],
    ["712-34-56-78", "+34712345678"],
    ["912.34.56.78", "+34912345678"],
    ["  (+34) 812 345 678 ", "+34812345678"],
  ])("reads %p as %p", (input, e164) => {
    expect(normalizeSpanishPhone(input)).toBe(e164);
  });

  it.each([
    "512345678", // no Spanish number starts with 5
    "61234567", // 8 digits
    "6123456789", // 10 digits
    "+33612345678", // France
    "0033612345678",
    "34612345678", // the prefix without its + or 00
    "+34 012 345 678",
    "612a45678",
    "",
  ])("refuses %p", (input) => {
    expect(normalizeSpanishPhone(input)).toBeNull();
  });

  it("formats the stored form for reading and for a call", () => {
    expect(formatPhone("+34612345678")).toBe("612 34 56 78");
    expect(formatPhone("+34912345678")).toBe("912 34 56 78");
    expect(telHref("+34612345678")).toBe("tel:+34612345678");
  });

  it("validates a form field: empty is none, bad input is told in Spanish", () => {
    expect(optionalPhoneSchema.parse("")).toBeNull();
    expect(optionalPhoneSchema.parse("   ")).toBeNull();
    expect(optionalPhoneSchema.parse(null)).toBeNull();
    expect(optionalPhoneSchema.parse(undefined)).toBeUndefined(); // left out of an edit: unchanged
    expect(optionalPhoneSchema.parse("+34 600 11 22 33")).toBe("+34600112233");
    const bad = optionalPhoneSchema.safeParse("12345");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PHONE_INVALID_MESSAGE);
    expect(optionalPhoneSchema.safeParse("6".repeat(40)).success).toBe(false);
  });

  it("needs the number's key in the own-phone body", () => {
    expect(ownPhoneBodySchema.parse({ phone: "" })).toEqual({ phone: null });
    expect(ownPhoneBodySchema.parse({ phone: "600112233" })).toEqual({ phone: "+34600112233" });
    expect(ownPhoneBodySchema.safeParse({}).success).toBe(false);
    expect(ownPhoneBodySchema.safeParse({ phone: "600112233", name: "x" }).success).toBe(false);
  });
});
