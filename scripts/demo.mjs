// `npm run demo`: build, create the embedded database with demo data when it is empty, and start the app.
import { spawnSync, spawn } from "node:child_process";

const port = process.env.PORT ?? "3000";
// A local demo runs the production build; let it generate and keep its own keys under .data/.
process.env.ALLOW_DEV_KEYS ??= "true";

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.SKIP_BUILD !== "1") run("npm", ["run", "build"]);
run("npx", ["tsx", "scripts/seed.ts"]);
console.log(`\nVolante: http://localhost:${port}  (demo users: alumno/alumno123, profesor/profesor123, admin/admin123)\n`);
const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit", env: process.env, detached: true });
server.on("exit", (code) => process.exit(code ?? 0));
// The server runs in its own process group: stop all of it (npx, next, next-server) on Ctrl+C.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      process.exit(0);
    }
  });
}
