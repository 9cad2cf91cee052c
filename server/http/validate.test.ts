import { z } from "zod";
import { AppError } from "./errors";
import { parseWith } from "./validate";

const schema = z.object({ name: z.string().trim().min(1), tags: z.array(z.string()).optional() });

const errorOf = (input: unknown) => {
  try {
    parseWith(schema, input);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.toBody() : error;
  }
};

describe("parseWith refuses text that can never be stored, in any field, before the schema", () => {
  it.each([
    ["a NUL character", { name: "a\u0000b" }],
    ["a lone high surrogate", { name: "Luc\uD800ía" }],
    ["a lone low surrogate deep in a list", { name: "ok", tags: ["x", "\uDC00"] }],
    ["a NUL in a key", { name: "ok", "ta\u0000gs": [] }],
  ])("%s", (_name, input) => {
    expect(errorOf(input)).toMatchObject({ error: "VALIDATION_ERROR", message: "Los datos contienen caracteres no válidos" });
  });

  it("accepts text with emoji (well-formed surrogate pairs) and accents", () => {
    expect(parseWith(schema, { name: " Lucía 🚗 ", tags: ["ñ"] })).toEqual({ name: "Lucía 🚗", tags: ["ñ"] });
  });

  it("answers a missing field as MISSING_REQUIRED_FIELDS", () => {
    expect(errorOf({})).toMatchObject({ error: "MISSING_REQUIRED_FIELDS", message: "Faltan campos requeridos" });
  });
});
