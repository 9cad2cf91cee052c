import nodemailer from "nodemailer";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());
beforeEach(() => sink.clear());

const send = (url: string, to = "alumno@example.com") =>
  nodemailer.createTransport(url).sendMail({
    from: { name: "Autoescuela Ñandú", address: "avisos@example.com" },
    to,
    subject: "Clase confirmada",
    text: "Hola",
    html: "<p>Hola</p>",
    headers: { "X-Test": "uno" },
  });

describe("the SMTP sink", () => {
  it("receives over SMTP with the URL's credentials and parses what arrives", async () => {
    const waiting = sink.waitFor(1);
    await send(sink.url);
    const [mail] = await waiting;
    expect(mail).toMatchObject({
      from: { name: "Autoescuela Ñandú", address: "avisos@example.com" },
      to: ["alumno@example.com"],
      subject: "Clase confirmada",
      text: "Hola",
      html: "<p>Hola</p>",
      envelope: { from: "avisos@example.com", to: ["alumno@example.com"] },
    });
    expect(mail!.headers["x-test"]).toBe("uno");
  });

  it("with parseEvery, parses a sample and keeps the others by their envelope", async () => {
    const sampling = await startSmtpSink({ parseEvery: 2 });
    try {
      for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await send(sampling.url, to);
      const mails = await sampling.waitFor(3);
      expect(mails.map((m) => [m.to[0], m.subject, m.parsed !== null])).toEqual([
        ["a@example.com", "Clase confirmada", true],
        ["b@example.com", "", false],
        ["c@example.com", "Clase confirmada", true],
      ]);
      expect(mails[1]!.raw.toString("utf8")).toContain("Subject: Clase confirmada");
    } finally {
      await sampling.stop();
    }
  });

  it("refuses wrong credentials and refused recipients; waitFor says how many arrived when it times out", async () => {
    await expect(send(sink.url.replace(/:[0-9a-f]+@/, ":wrong@"))).rejects.toMatchObject({ responseCode: 535 });
    sink.refuse("nadie@example.com", 550);
    await expect(send(sink.url, "nadie@example.com")).rejects.toMatchObject({ responseCode: 550 });
    await expect(sink.waitFor(1, 200)).rejects.toThrow("SMTP sink: 0 of 1 messages after 200 ms");
    await send(sink.url);
    expect(sink.messages).toHaveLength(1);
    sink.clear();
    expect(sink.messages).toHaveLength(0);
  });
});
