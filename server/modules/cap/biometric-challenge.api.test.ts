import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { sessionBounds } from "@/lib/cap/sessions";
import { challengeFrameResponseSchema, challengeSchema } from "@/lib/contract/cap-liveness";
import { loadFaceEngine } from "@/server/biometrics/face-engine";
import { matchThreshold } from "@/server/biometrics/face-fusion";
import { rankFaces } from "@/server/biometrics/face-analysis";
import { locateLandmarks } from "@/server/biometrics/face-descriptor";
import { detectFaces } from "@/server/biometrics/face-detector";
import { decodeImage } from "@/server/biometrics/image";
import { openChallenge } from "@/server/biometrics/liveness-seal";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, createCourse, createSection, createSession, enroll, FACE_FIXTURES, faceDataUrl, shiftDate, todayIn } from "@/tests/fixtures/cap-factories";
import { liveProof } from "@/tests/fixtures/face-liveness";
import { actionsFor, liveSequence, type Point } from "@/tests/fixtures/face-motion";
import { analyseChallengeFrame } from "./biometric-challenge.service";

// The live capture of issue 30 through the API: the challenge, its frames (guidance and sealed measurements), and the
// registration that needs a passed challenge made for it.
jest.setTimeout(300_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
let course: Awaited<ReturnType<typeof createCourse>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  const today = todayIn(w.tenant.timeZone);
  course = await createCourse(ctx.db, w.tenant, await createSection(ctx.db, w.tenant), { startDate: shiftDate(today, -5), endDate: shiftDate(today, 5) });
  await loadFaceEngine();
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });
const post = (url: string, body: object, who = admin()) => ctx.call(url, { method: "POST", ...who, body });
const CHALLENGE = "/administrator/cap/biometric-challenge";
const FRAMES = "/administrator/cap/biometric-challenge/frames";

async function leonardToday(references = [faceDataUrl("bbt/sheldon_1.jpg")]) {
  const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Leonard", surname1: "Hofstadter" });
  await enroll(ctx.db, w.tenant, course, [student.id]);
  const bounds = sessionBounds(todayIn(w.tenant.timeZone), null, w.tenant.timeZone);
  const session = await createSession(ctx.db, w.tenant, course, new Date(bounds.start), new Date(bounds.end), [student.id]);
  expect((await post(`/administrator/students/${student.id}/biometric-reference`, { images: references })).status).toBe(201);
  return { student, session };
}

/** A fixture photo changed with sharp, as a data URL (a smaller face, a darker room...). */
async function edited(name: string, edit: (img: sharp.Sharp) => sharp.Sharp): Promise<string> {
  const bytes = await edit(sharp(readFileSync(path.join(FACE_FIXTURES, name)))).jpeg().toBuffer();
  return `data:image/jpeg;base64,${bytes.toString("base64")}`;
}

describe("the challenge", () => {
  it("asks an attendance capture for a blink and a head turn in a random order; a reference capture for nothing", async () => {
    const { student, session } = await leonardToday();
    const res = await post(CHALLENGE, { purpose: "attendance", studentId: student.id, capSessionId: session.id, type: "in" });
    expect(res.status).toBe(201);
    const challenge = challengeSchema.parse(res.json);
    expect(challenge.steps).toHaveLength(2);
    expect(challenge.steps).toContain("blink");
    expect(Date.parse(challenge.expiresAt) - Date.parse(challenge.issuedAt)).toBe(30_000);
    const reference = await post(CHALLENGE, { purpose: "reference", studentId: student.id });
    expect(reference.json.steps).toEqual([]);
  });

  it("answers 404 for another school's student or session, 403 to non-administrators, 422 to bad input", async () => {
    const { student, session } = await leonardToday();
    const foreign = await createCapStudent(ctx.db, w.other);
    expect((await post(CHALLENGE, { purpose: "attendance", studentId: foreign.id, capSessionId: session.id, type: "in" })).status).toBe(404);
    expect((await post(CHALLENGE, { purpose: "attendance", studentId: student.id, capSessionId: session.id, type: "in" }, { token: w.otherAdminToken, host: w.other.host })).status).toBe(404);
    expect((await post(CHALLENGE, { purpose: "reference", studentId: student.id }, { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await post(CHALLENGE, { purpose: "attendance", studentId: student.id, capSessionId: session.id, type: "sideways" })).status).toBe(422);
  });
});

describe("the frames", () => {
  let token = "";
  beforeAll(async () => {
    const { student } = await leonardToday();
    token = (await post(CHALLENGE, { purpose: "reference", studentId: student.id })).json.token;
  });

  it("measures a good frame: no guidance, a sealed observation the browser cannot read", async () => {
    const res = await post(FRAMES, { token, n: 0, image: faceDataUrl("bbt/sheldon_2.jpg") });
    expect(res.status).toBe(200);
    const frame = challengeFrameResponseSchema.parse(res.json);
    expect(frame.guidance).toBeNull();
    expect(frame.face).toMatchObject({ good: true, described: false });
    expect(Math.abs(frame.t - Date.now())).toBeLessThan(120_000);
    expect(Buffer.from(frame.observation, "base64url").toString("latin1")).not.toMatch(/yaw|eyes/);
  });

  it.each([
    ["no face", "noface/table.jpg", null, "No se detecta ningún rostro"],
    ["a face too far from the camera", "bbt/leonard_2.jpg", (i: sharp.Sharp) => i.resize(160).extend({ top: 180, bottom: 180, left: 240, right: 240, background: "#777" }), "Acércate"],
    ["a dark room", "bbt/leonard_2.jpg", (i: sharp.Sharp) => i.linear(0.25, 0), "Más luz"],
    ["a face turned aside", "bbt/stuart_5.jpg", null, "Mira a la cámara"],
    ["a blurred frame", "bbt/leonard_2.jpg", (i: sharp.Sharp) => i.blur(8), "No te muevas"],
  ])("guides the person on %s", async (_, name, edit, guidance) => {
    const image = edit ? await edited(name, edit) : faceDataUrl(name);
    const res = await post(FRAMES, { token, n: 1, image });
    expect(res.status).toBe(200);
    expect(res.json.guidance).toBe(guidance);
    expect(res.json.face?.good ?? false).toBe(false);
  });

  it("refuses a token from elsewhere, an altered one, and an image that is not one", async () => {
    const image = faceDataUrl("bbt/leonard_2.jpg");
    const foreign = await post(FRAMES, { token, n: 2, image }, { token: w.otherAdminToken, host: w.other.host });
    expect(foreign.status).toBe(422);
    expect(foreign.json.error).toBe("liveness-challenge-invalid");
    const altered = token.slice(0, 20) + (token[20] === "A" ? "B" : "A") + token.slice(21);
    expect((await post(FRAMES, { token: altered, n: 2, image })).json.error).toBe("liveness-challenge-invalid");
    expect((await post(FRAMES, { token, n: 2, image: "data:image/jpeg;base64,aGVsbG8=" })).status).toBe(422);
    expect((await post(FRAMES, { token, n: 2, image, describe: "yes" })).status).toBe(422);
  });
});

describe("registering a capture", () => {
  it("accepts the frames of a person doing the asked steps, measured by the frames call, against 3 references", async () => {
    const { student, session } = await leonardToday(["bbt/sheldon_1.jpg", "bbt/sheldon_5.jpg", "bbt/sheldon_2.jpg"].map(faceDataUrl));
    const res = await post(CHALLENGE, { purpose: "attendance", studentId: student.id, capSessionId: session.id, type: "in" });
    const challenge = openChallenge(res.json.token)!;
    // The frames go through the frames call's service with the times a camera would give them (5 per second).
    const image = (await decodeImage(readFileSync(path.join(FACE_FIXTURES, "bbt/sheldon_2.jpg"))))!;
    const landmarks = (await locateLandmarks(image, rankFaces(await detectFaces(image))[0])) as Point[];
    const tenant = w.tenant;
    const auth = { userId: w.admin.id, roles: ["ROLE_ADMINISTRADOR"], name: "Admin", impersonatorId: null };
    const observations: string[] = [];
    for (const [n, frame] of liveSequence(image, landmarks, actionsFor(challenge.steps), { fps: 5 }).entries()) {
      const jpeg = await sharp(Buffer.from(frame.image.data), { raw: { width: image.width, height: image.height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
      const answer = await analyseChallengeFrame(tenant, auth, { token: res.json.token, n, image: `data:image/jpeg;base64,${jpeg.toString("base64")}`, describe: true }, new Date(challenge.issuedAt + 100 + frame.at));
      observations.push(answer.observation);
    }
    const registered = await post("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId: student.id, type: "in", liveness: { token: res.json.token, observations } });
    expect(registered.status).toBe(200);
    const [audit] = (await listAudit(ctx.db, w.tenant.id, "biometric.verification")).filter((a) => a.targetId === student.id);
    expect(audit!.details).toMatchObject({ decision: "match", references: 3, threshold: matchThreshold(3), steps: challenge.steps });
    expect(audit!.details.frames as number).toBeGreaterThanOrEqual(1);
  });

  it("refuses a proof made for another registration, and the same proof twice does not register twice", async () => {
    const { student, session } = await leonardToday();
    const proof = await liveProof(ctx, admin(), { capSessionId: session.id, studentId: student.id, type: "in" }, "bbt/sheldon_2.jpg");
    const asExit = await post("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId: student.id, type: "out", liveness: proof });
    expect(asExit.status).toBe(409); // no entry yet: the attendance rules answer first
    const other = await createCapStudent(ctx.db, w.tenant);
    await enroll(ctx.db, w.tenant, course, [other.id]);
    const bounds = sessionBounds(todayIn(w.tenant.timeZone), null, w.tenant.timeZone);
    const otherSession = await createSession(ctx.db, w.tenant, course, new Date(bounds.start), new Date(bounds.end), [other.id]);
    const forOther = await post("/administrator/cap/cap-attendance/create", { capSessionId: otherSession.id, studentId: other.id, type: "in", liveness: proof });
    expect(forOther.json.error).toBe("liveness-challenge-invalid");
    expect((await post("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId: student.id, type: "in", liveness: proof })).status).toBe(200);
    expect((await post("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId: student.id, type: "in", liveness: proof })).json.error).toBe("ATTENDANCE_ALREADY_REGISTERED");
  });

  it("refuses a proof with frames spliced in from another capture (another person's)", async () => {
    const { student, session } = await leonardToday();
    const leonard = await liveProof(ctx, admin(), { capSessionId: session.id, studentId: student.id, type: "in" }, "bbt/sheldon_2.jpg");
    const challenge = openChallenge(leonard.token)!;
    // Stuart's frames sealed for the student's challenge: every frame is genuine, the person changed on the way.
    const sheldon = await liveProof(ctx, admin(), { capSessionId: session.id, studentId: student.id, type: "in" }, "bbt/stuart_2.jpg");
    expect(openChallenge(sheldon.token)!.id).not.toBe(challenge.id);
    const mixed = { token: leonard.token, observations: [...leonard.observations.slice(0, 10), ...sheldon.observations.slice(10)] };
    const res = await post("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId: student.id, type: "in", liveness: mixed });
    // Stuart's observations were sealed for his own challenge: they do not open for Leonard's.
    expect(res.json.error).toBe("liveness-check-failed");
    const [audit] = (await listAudit(ctx.db, w.tenant.id, "biometric.verification")).filter((a) => a.targetId === student.id);
    expect(audit!.details).toMatchObject({ decision: "liveness-failed", reason: "forged-observation" });
  });
});
