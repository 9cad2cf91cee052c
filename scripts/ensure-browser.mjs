// Makes sure a Chromium is there for Playwright: Debian's package where apt-get works (no browser
// downloads on our machines), otherwise Playwright's own download.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const debian = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
if (debian) process.exit(0);

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
const isRoot = process.getuid?.() === 0;
try {
  if (hasAptGet && isRoot) {
    console.log("Installing Debian's chromium for the end-to-end tests...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ffmpeg", { stdio: "inherit" });
  } else {
    console.log("Installing Playwright's Chromium for the end-to-end tests...");
    execSync("npx playwright install chromium", { stdio: "inherit" });
  }
} catch (error) {
  console.error("Could not install a browser for the end-to-end tests:", error.message);
  process.exit(1);
}
