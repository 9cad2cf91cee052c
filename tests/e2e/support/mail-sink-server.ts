// Playwright's mail server (playwright.config.ts webServer): SMTP in, JSON out. GET /messages lists what arrived
// (to, subject, text, html); DELETE /messages empties the box.
import http from "node:http";
import { startSmtpSink } from "../../support/smtp-sink";

async function main() {
  const sink = await startSmtpSink({ port: Number(process.env.SMTP_PORT), password: process.env.SMTP_PASSWORD });
  const server = http.createServer((req, res) => {
    if (req.url === "/messages" && req.method === "DELETE") {
      sink.clear();
      return res.writeHead(204).end();
    }
    if (req.url?.startsWith("/messages")) {
      const body = sink.messages.map((m) => ({ to: m.to, from: m.from, subject: m.subject, text: m.text, html: m.html }));
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(body));
    }
    res.writeHead(404).end();
  });
  server.listen(Number(process.env.MAILBOX_PORT), "127.0.0.1");
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => sink.stop().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
