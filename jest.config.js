// @ts-check
const nextJest = require("next/jest.js");

const createJestConfig = nextJest({ dir: "./" });

// jose is ESM-only: let SWC transform it (next/jest ignores node_modules by default).
const transformIgnorePatterns = ["/node_modules/(?!(jose)/)"];

const common = {
  testEnvironment: "node",
  setupFiles: ["<rootDir>/tests/fixtures/jest-env.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/\\.next[^/]*/", "/tests/e2e/"],
};

/** @param {string} displayName @param {string[]} testMatch @param {Record<string, unknown>} extra */
async function project(displayName, testMatch, extra = {}) {
  const config = await createJestConfig({ ...common, displayName, testMatch, ...extra })();
  return { ...config, transformIgnorePatterns };
}

module.exports = async function config() {
  return {
    // testTimeout is a global option (a project's own value is ignored): API tests on a loaded 2-core machine
    // (face model load, argon2, PostgreSQL) need far more than the default 5 s.
    testTimeout: 60_000,
    projects: [
      await project("unit", ["<rootDir>/**/*.test.ts?(x)"], {
        testTimeout: 30_000,
        testPathIgnorePatterns: [...common.testPathIgnorePatterns, "\\.api\\.test\\.ts$"],
      }),
      await project("api", ["<rootDir>/**/*.api.test.ts"], {
        testTimeout: 60_000,
        globalSetup: "<rootDir>/tests/fixtures/jest-global-setup.ts",
      }),
    ],
  };
};
