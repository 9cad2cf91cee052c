import { passwordErrors } from "./change-password-errors";

describe("passwordErrors", () => {
  it("names every empty field at once, each on its own field", () => {
    expect(passwordErrors({ currentPassword: "", newPassword: "", repeatPassword: "" })).toEqual({
      currentPassword: "La contraseña actual es obligatoria",
      newPassword: "La nueva contraseña es obligatoria",
      repeatPassword: "Repite la nueva contraseña",
    });
  });

  it("tells a short new password and a repetition that differs apart", () => {
    expect(passwordErrors({ currentPassword: "actual1", newPassword: "abc", repeatPassword: "abd" })).toEqual({
      newPassword: "La contraseña debe tener al menos 8 caracteres",
      repeatPassword: "Las contraseñas no coinciden",
    });
  });

  it("has nothing to say about a valid change", () => {
    expect(passwordErrors({ currentPassword: "actual1", newPassword: "nuevaClave9", repeatPassword: "nuevaClave9" })).toEqual({});
  });
});
