import fs from "node:fs";
import path from "node:path";
import { actionLabel, hasActionLabel, sortByLabel } from "./audit-labels";

const SERVER = path.join(process.cwd(), "server");
const ACTION = /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every action the server can write to audit_log, read from its sources: in a file that calls recordAudit or inserts
 * into audit_log, each quoted 'domain.action' string (literals, ternaries, a local helper's argument, raw SQL) and
 * each `domain.${x.name}` template, resolved through the `name: "..."` values of the same file.
 */
function recordedActions(): { actions: Map<string, string>; unresolved: string[] } {
  const actions = new Map<string, string>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(SERVER)) {
    const source = fs.readFileSync(file, "utf8");
    if (!/recordAudit\(|insert into audit_log/.test(source) || file.endsWith(path.join("audit", "audit.repository.ts"))) continue;
    const where = path.relative(process.cwd(), file);
    for (const [, literal] of source.matchAll(/["']([a-z_]+\.[a-z_]+)["']/g)) {
      if (ACTION.test(literal!)) actions.set(literal!, where);
    }
    for (const [template, prefix] of source.matchAll(/action:\s*`([a-z_]+)\.\$\{[^}]+\}`/g)) {
      const names = [...source.matchAll(/\bname:\s*"([a-z_]+)"/g)].map((m) => m[1]!);
      if (names.length === 0) unresolved.push(`${where}: ${template}`);
      for (const name of names) actions.set(`${prefix}.${name}`, where);
    }
    for (const [other] of source.matchAll(/action:\s*`(?![a-z_]+\.\$\{)[^`]*`/g)) unresolved.push(`${where}: ${other}`);
  }
  return { actions, unresolved };
}

describe("audit action labels", () => {
  const { actions, unresolved } = recordedActions();

  it("finds the server's recorded actions, including built and raw-SQL ones", () => {
    expect(unresolved).toEqual([]);
    expect(actions.size).toBeGreaterThan(50);
    // A template (instructor decisions) and raw SQL (booking): the two forms a plain grep would miss.
    expect([...actions.keys()]).toEqual(expect.arrayContaining(["reservations.confirmed", "reservations.denied", "reservations.booked"]));
  });

  it("gives every recorded action a Spanish label", () => {
    const missing = [...actions].filter(([action]) => !hasActionLabel(action)).map(([action, file]) => `${action} (${file})`);
    expect(missing).toEqual([]);
  });

  it("shows the instructors' decisions in Spanish", () => {
    expect(actionLabel("reservations.confirmed")).toBe("Reserva confirmada");
    expect(actionLabel("reservations.denied")).toBe("Reserva denegada");
    expect(actionLabel("reservations.cancellation_accepted")).toBe("Cancelación aceptada");
  });

  it("orders the filter by the Spanish label", () => {
    expect(sortByLabel(["user.created", "reservations.denied", "impersonation.start"]).map(actionLabel)).toEqual([
      "Inicio de suplantación",
      "Reserva denegada",
      "Usuario creado",
    ]);
  });
});
