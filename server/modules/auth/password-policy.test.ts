import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MESSAGES, assertPasswordAllowed, passwordProblem } from "./password-policy";

const STUDENT = ["ROLE_ALUMNO"];
const ADMIN = ["ROLE_ADMINISTRADOR"];

describe("password policy", () => {
  it("asks for 8 characters, counted as a person counts them", async () => {
    expect(await passwordProblem("corta12", STUDENT)).toBe("La contraseña debe tener al menos 8 caracteres");
    expect(await passwordProblem("", STUDENT)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await passwordProblem("cigüeña1", STUDENT)).toBeNull();
    // Four emoji are eight UTF-16 units but four characters.
    expect(await passwordProblem("🚗🚕🚙🚌", STUDENT)).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it("asks an administrator (any of the administrator roles) for 12", async () => {
    for (const role of ["ROLE_ADMINISTRADOR", "ROLE_ADMINISTRATOR", "ROLE_SUPERADMIN"]) {
      expect(await passwordProblem("once-letras", [role])).toBe("La contraseña de un administrador debe tener al menos 12 caracteres");
      expect(await passwordProblem("doce-letras-", [role])).toBeNull();
    }
    expect(await passwordProblem("once-letras", ["ROLE_INSTRUCTOR"])).toBeNull();
  });

  it("refuses the common and breached passwords of the list, in any case", async () => {
    const list = dictionary["passwords-common"] as string[];
    expect(list.length).toBeGreaterThan(40_000);
    for (const password of ["password", "PASSWORD", "Password1", "12345678", "qwertyuiop", "iloveyou"]) {
      expect(await passwordProblem(password, STUDENT)).toBe("Esta contraseña es demasiado común. Elige otra.");
    }
    const longCommon = list.find((p) => String(p).length >= 12)!;
    expect(await passwordProblem(String(longCommon), ADMIN)).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(await passwordProblem("nuevaClave9", STUDENT)).toBeNull();
  });

  it("throws WEAK_PASSWORD (422) with the message", async () => {
    await expect(assertPasswordAllowed("password", STUDENT)).rejects.toMatchObject({ code: "WEAK_PASSWORD", status: 422, message: PASSWORD_MESSAGES.tooCommon });
    await expect(assertPasswordAllowed("tren-de-las-nueve", ADMIN)).resolves.toBeUndefined();
  });
});
