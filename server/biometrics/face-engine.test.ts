import { readFileSync } from "node:fs";
import path from "node:path";
import { analyseFrame, compareFaces, describeReference, embedFace, loadFaceEngine, MATCH_THRESHOLD, type FaceEmbedding } from "./face-engine";
import { decodeDataUrl } from "./image";

// Real fixtures, outside the repository: /work/shared/fixtures/faces (see its SOURCES.md).
const FIXTURES = path.resolve(__dirname, "../../../shared/fixtures/faces");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function embedding(name: string): Promise<FaceEmbedding> {
  const result = await embedFace(fixture(name));
  if (!result.ok) throw new Error(`${name}: ${result.reason}`);
  return result.embedding;
}

jest.setTimeout(120_000);

describe("face engine", () => {
  beforeAll(async () => {
    await loadFaceEngine();
  });

  it("loads once: a second call reuses the same promise", async () => {
    const first = loadFaceEngine();
    expect(loadFaceEngine()).toBe(first);
    await first;
  });

  it("gives a JSON-serialisable 128-float embedding", async () => {
    const e = await embedding("bbt/leonard_1.jpg");
    expect(e).toHaveLength(128);
    expect(e.every((v) => typeof v === "number" && Number.isFinite(v))).toBe(true);
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it("accepts the same person", async () => {
    for (const [a, b] of [
      ["bbt/leonard_1.jpg", "bbt/leonard_2.jpg"],
      ["bbt/sheldon_1.jpg", "bbt/sheldon_3.jpg"],
      ["photo/vlado_1.jpg", "photo/vlado_2.jpg"],
    ]) {
      const result = compareFaces(await embedding(a), await embedding(b));
      expect({ pair: `${a} ~ ${b}`, isMatch: result.isMatch }).toEqual({ pair: `${a} ~ ${b}`, isMatch: true });
      expect(result.distance).toBeLessThanOrEqual(MATCH_THRESHOLD);
    }
  });

  it("rejects a different person", async () => {
    for (const [a, b] of [
      ["bbt/leonard_1.jpg", "bbt/sheldon_1.jpg"],
      ["bbt/penny_1.jpg", "bbt/amy_1.jpg"],
      ["photo/vlado_1.jpg", "bbt/howard_1.jpg"],
    ]) {
      const result = compareFaces(await embedding(a), await embedding(b));
      expect({ pair: `${a} ~ ${b}`, isMatch: result.isMatch }).toEqual({ pair: `${a} ~ ${b}`, isMatch: false });
      expect(result.distance).toBeGreaterThan(MATCH_THRESHOLD);
    }
  });

  it("reports no-face for images without a face", async () => {
    for (const name of ["noface/landscape.jpg", "noface/waterfall-body.jpg", "noface/dark-frame.jpg"]) {
      expect(await embedFace(fixture(name))).toEqual({ ok: false, reason: "no-face" });
    }
  });

  it("reports invalid-image for bytes that are not an image, without throwing", async () => {
    const jpeg = fixture("bbt/leonard_1.jpg");
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from("definitely not a jpeg"),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      jpeg.subarray(0, 200), // truncated: header only
    ]) {
      await expect(embedFace(bytes)).resolves.toEqual({ ok: false, reason: "invalid-image" });
    }
  });

  it("never matches malformed embeddings", () => {
    const good = new Array<number>(128).fill(0.1);
    expect(compareFaces(good, good)).toEqual({ distance: 0, isMatch: true });
    expect(compareFaces(good, [1, 2, 3]).isMatch).toBe(false);
    expect(compareFaces(good, new Array<number>(128).fill(Number.NaN)).isMatch).toBe(false);
  });
});

describe("decodeDataUrl", () => {
  it("decodes jpeg, png and webp data URLs", () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    for (const type of ["jpeg", "png", "webp"]) {
      expect(decodeDataUrl(`data:image/${type};base64,${bytes.toString("base64")}`)).toEqual(bytes);
    }
  });

  it("returns null when malformed", () => {
    for (const bad of ["", "data:image/jpeg;base64,", "data:text/plain;base64,aGVsbG8=", "data:image/gif;base64,R0lG", "data:image/png;base64,@@@", "hello"]) {
      expect(decodeDataUrl(bad)).toBeNull();
    }
  });

  it("round-trips a fixture through a data URL into a face", async () => {
    const url = `data:image/jpeg;base64,${fixture("bbt/amy_1.jpg").toString("base64")}`;
    const bytes = decodeDataUrl(url);
    expect(bytes).not.toBeNull();
    expect((await embedFace(bytes!)).ok).toBe(true);
  });

  describe("frames of a live capture and reference photos (issue 30)", () => {
    it("measures a good frame and describes it only when asked", async () => {
      const plain = await analyseFrame(fixture("bbt/sheldon_2.jpg"));
      const described = await analyseFrame(fixture("bbt/sheldon_2.jpg"), { describe: true });
      expect(plain).toMatchObject({ ok: true, face: { good: true, guidance: null, descriptor: null } });
      if (!plain.ok || !plain.face || !described.ok || !described.face) throw new Error("no face");
      expect(plain.face.box.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(Math.abs(plain.face.yaw)).toBeLessThan(0.3);
      expect(described.face.descriptor).toHaveLength(128);
      expect(compareFaces(described.face.descriptor!, await embedding("bbt/sheldon_2.jpg")).distance).toBeLessThan(0.01);
    });

    it("gives no face, or no descriptor, for frames that cannot be matched", async () => {
      expect(await analyseFrame(fixture("noface/table.jpg"), { describe: true })).toEqual({ ok: true, face: null });
      const turned = await analyseFrame(fixture("bbt/stuart_5.jpg"), { describe: true });
      expect(turned).toMatchObject({ ok: true, face: { good: false, guidance: "Mira a la cámara", descriptor: null } });
      expect(await analyseFrame(Buffer.from("not an image"))).toEqual({ ok: false, reason: "invalid-image" });
    });

    it("takes a frontal reference photo and refuses a turned one with the reason", async () => {
      expect(await describeReference(fixture("bbt/sheldon_1.jpg"))).toMatchObject({ ok: true });
      expect(await describeReference(fixture("bbt/stuart_5.jpg"))).toEqual({ ok: false, reason: "quality", guidance: "Mira a la cámara" });
      expect(await describeReference(fixture("noface/table.jpg"))).toEqual({ ok: false, reason: "no-face" });
    });
  });
});
