import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT, roleLabel } from "./roles";

// First document §2: ROLE_SUPERADMIN, ROLE_ADMINISTRADOR and ROLE_ADMINISTRATOR show 'Administrador';
// ROLE_INSTRUCTOR 'Instructor'; ROLE_ALUMNO 'Alumno'; unknown values are shown raw.
describe("roleLabel", () => {
  it.each([
    ["ROLE_ALUMNO", "Alumno"],
    ["ROLE_INSTRUCTOR", "Instructor"],
    ["ROLE_ADMINISTRADOR", "Administrador"],
    ["ROLE_ADMINISTRATOR", "Administrador"],
    ["ROLE_SUPERADMIN", "Administrador"],
  ])("labels %s as '%s'", (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it("covers every role the code knows", () => {
    const known = [ROLE_STUDENT, ROLE_INSTRUCTOR, ...ADMIN_ROLES].sort();
    expect(known).toEqual(["ROLE_ADMINISTRADOR", "ROLE_ADMINISTRATOR", "ROLE_ALUMNO", "ROLE_INSTRUCTOR", "ROLE_SUPERADMIN"]);
    for (const role of known) expect(roleLabel(role)).not.toBe(role);
  });

  it.each(["ROLE_SECRETARIA", "", "role_alumno"])("shows an unknown value raw: %p", (role) => {
    expect(roleLabel(role)).toBe(role);
  });
});
