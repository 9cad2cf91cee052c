import { Hono } from "hono";
import { challengeFrameBodySchema, createChallengeBodySchema } from "@/lib/contract/cap-liveness";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody } from "../../http/validate";
import { analyseChallengeFrame, issueChallenge } from "./biometric-challenge.service";

const admin = requireRole("administrator");

// The live face capture (issue 30 §2): a challenge, then its frames one by one.
export const biometricChallengeRoutes = new Hono<AppEnv>()
  .post("/administrator/cap/biometric-challenge", admin, async (c) => {
    const body = await readBody(c, createChallengeBodySchema);
    c.header("Cache-Control", "no-store");
    return c.json(await issueChallenge(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .post("/administrator/cap/biometric-challenge/frames", admin, async (c) => {
    const body = await readBody(c, challengeFrameBodySchema);
    c.header("Cache-Control", "no-store");
    return c.json(await analyseChallengeFrame(c.var.tenant, requireAuth(c), body));
  });
