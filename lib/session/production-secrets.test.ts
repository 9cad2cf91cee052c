// Issue 12 / ASVS V14: outside production the session secret and the token keys are generated once under DATA_DIR;
// in production the app must refuse to run without them (ALLOW_DEV_KEYS=true is the explicit local demo opt-in).
type Env = Record<string, string | undefined>;

async function withEnv<T>(values: Env, run: () => Promise<T>): Promise<T> {
  const env = process.env as Env;
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, env[k]]));
  for (const [k, v] of Object.entries(values)) (v === undefined ? delete env[k] : (env[k] = v));
  const keys = globalThis as { __volanteKeys?: unknown };
  delete keys.__volanteKeys;
  try {
    let result: T | undefined;
    await jest.isolateModulesAsync(async () => {
      result = await run();
    });
    return result!;
  } finally {
    delete keys.__volanteKeys;
    for (const [k, v] of Object.entries(previous)) (v === undefined ? delete env[k] : (env[k] = v));
  }
}

const production = { NODE_ENV: "production", ALLOW_DEV_KEYS: undefined, SESSION_SECRET: undefined, JWT_PUBLIC_KEY: undefined, JWT_PRIVATE_KEY: undefined };

describe("secrets in production", () => {
  it("refuse a missing or short SESSION_SECRET", async () => {
    await withEnv(production, async () => {
      const { sessionSecret } = await import("./secret");
      expect(() => sessionSecret()).toThrow("SESSION_SECRET must be set in production");
    });
    await withEnv({ ...production, SESSION_SECRET: "too-short" }, async () => {
      const { sessionSecret } = await import("./secret");
      expect(() => sessionSecret()).toThrow("SESSION_SECRET must be at least 32 characters");
    });
  });

  it("refuse to sign or verify tokens without the JWT keys", async () => {
    await withEnv(production, async () => {
      const { getPrivateKey, getPublicKey } = await import("./keys");
      await expect(getPublicKey()).rejects.toThrow("JWT_PUBLIC_KEY (and JWT_PRIVATE_KEY for the API) must be set in production");
      await expect(getPrivateKey()).rejects.toThrow("must be set in production");
    });
  });

  it("use generated ones only with the explicit local opt-in (ALLOW_DEV_KEYS=true)", async () => {
    await withEnv({ ...production, ALLOW_DEV_KEYS: "true" }, async () => {
      const { sessionSecret } = await import("./secret");
      const { getPublicKey } = await import("./keys");
      expect(sessionSecret().length).toBeGreaterThanOrEqual(32);
      await expect(getPublicKey()).resolves.toBeDefined();
    });
  });
});
