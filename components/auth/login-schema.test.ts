import { validateLogin } from "./login-schema";

describe("login validation (spec §5)", () => {
  it("requires a username after trimming", () => {
    expect(validateLogin("   ", "secreto1").username).toBe("El nombre de usuario es obligatorio");
  });
  it("requires a password of at least 6 characters", () => {
    expect(validateLogin("ana", "").password).toBe("La contraseña es obligatoria");
    expect(validateLogin("ana", "12345").password).toBe("La contraseña debe tener al menos 6 caracteres");
  });
  it("passes valid input", () => {
    expect(validateLogin(" ana ", "123456")).toEqual({});
  });
});
