import { readFileSync } from "node:fs";
import path from "node:path";
import { detectKind, uploadInspector } from "./file-checks";

// An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands; then some payload.
function ftyp(major: string, compatible: string[]) {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, "latin1"));
  return new Uint8Array(Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from("free"), Buffer.alloc(200, 1)]));
}

// An EBML header (as ffmpeg and browsers write it) with the given DocType, or none; then a Segment id.
function ebml(docType: string | null) {
  const el = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const children = Buffer.concat([
    el([0x42, 0x86], Buffer.from([1])),
    el([0x42, 0xf7], Buffer.from([1])),
    el([0x42, 0xf2], Buffer.from([4])),
    el([0x42, 0xf3], Buffer.from([8])),
    ...(docType === null ? [] : [el([0x42, 0x82], Buffer.from(docType, "latin1"))]),
    el([0x42, 0x87], Buffer.from([4])),
    el([0x42, 0x85], Buffer.from([2])),
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]), children]);
  return new Uint8Array(Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), Buffer.alloc(200, 0)]));
}

describe("detectKind", () => {
  it.each([
    ["MP4 (isom, as ffmpeg writes it)", ftyp("isom", ["isom", "iso2", "avc1", "mp41"])],
    ["MP4 (mp42)", ftyp("mp42", ["mp42", "isom"])],
    ["Apple M4V", ftyp("M4V ", ["M4V ", "M4A ", "mp42", "isom"])],
    ["an unknown camera brand listing mp42", ftyp("XAVC", ["XAVC", "mp42", "iso2"])],
  ])("accepts %s as video/mp4", (_label, head) => {
    expect(detectKind(head)).toEqual({ type: "video", mime: "video/mp4" });
  });

  it.each([
    ["M4A audio", ftyp("M4A ", ["M4A ", "mp42", "isom"])],
    ["M4B audiobook", ftyp("M4B ", ["M4B ", "mp42", "isom"])],
    ["a HEIC photo", ftyp("heic", ["mif1", "heic"])],
    ["an AVIF image", ftyp("avif", ["avif", "mif1", "miaf"])],
    ["a QuickTime MOV", ftyp("qt  ", ["qt  "])],
    ["an unknown brand with no video brand", ftyp("abcd", ["abcd", "efgh"])],
    ["a Matroska .mkv", ebml("matroska")],
    ["an EBML header without DocType (Matroska by default)", ebml(null)],
    ["a truncated EBML header", new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42])],
    ["a renamed executable", new Uint8Array(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]))],
  ])("refuses %s", (_label, head) => {
    expect(detectKind(head)).toBeNull();
  });

  it("accepts WebM by its DocType", () => {
    expect(detectKind(ebml("webm"))).toEqual({ type: "video", mime: "video/webm" });
  });

  it("accepts the demo video and the demo PDF", () => {
    const asset = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "server/demo/assets", name)).subarray(0, 128));
    expect(detectKind(asset("videoclase-demo.mp4"))).toEqual({ type: "video", mime: "video/mp4" });
    expect(detectKind(asset("temario-demo.pdf"))).toEqual({ type: "document", mime: "application/pdf" });
  });
});

describe("uploadInspector", () => {
  const feed = (type: "document" | "video", bytes: Uint8Array, chunk: number) => {
    const inspector = uploadInspector(type);
    let total = 0;
    for (let at = 0; at < bytes.length; at += chunk) {
      const part = bytes.subarray(at, at + chunk);
      total += part.length;
      inspector.inspect(part, total);
    }
    inspector.finish(total);
    return inspector.kind();
  };

  it("reads headers split over many chunks", () => {
    expect(feed("video", ebml("webm"), 1)).toEqual({ type: "video", mime: "video/webm" });
    expect(feed("video", ftyp("isom", ["isom", "avc1"]), 3)).toEqual({ type: "video", mime: "video/mp4" });
  });

  it("refuses audio sent as a video, in Spanish", () => {
    expect(() => feed("video", ftyp("M4A ", ["M4A ", "isom"]), 7)).toThrow("El archivo no es un vídeo MP4 o WebM válido");
    expect(() => feed("video", ebml("matroska"), 64)).toThrow("El archivo no es un vídeo MP4 o WebM válido");
  });

  it("checks a file shorter than the header window when it ends", () => {
    const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"));
    expect(feed("document", pdf, 4)).toEqual({ type: "document", mime: "application/pdf" });
  });
});
