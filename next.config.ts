import fs from "node:fs";
import type { NextConfig } from "next";

// The PDF viewer's worker is served as a static file of the same pdfjs-dist version as the viewer's API; it is
// copied from node_modules whenever Next loads its config (dev, build, start), so it is never committed or stale.
const PDF_WORKER = "public/pdf.worker.min.js";
try {
  const source = "node_modules/pdfjs-dist/build/pdf.worker.min.js";
  if (!fs.existsSync(PDF_WORKER) || fs.statSync(PDF_WORKER).size !== fs.statSync(source).size) fs.copyFileSync(source, PDF_WORKER);
} catch {
  // A read-only or node_modules-less runtime (the standalone image) already has the file in public/.
}

const nextConfig: NextConfig = {
  // A separate build folder lets several builds of one checkout run side by side (benchmarks, parallel work).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // The container image (Dockerfile) builds with NEXT_OUTPUT=standalone: a server.js with only what it needs.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Files the API opens by path at run time, which the tracer cannot see (the face models are copied by
  // scripts/standalone-assemble.mjs: node_modules globs are not honoured here).
  outputFileTracingIncludes: { "/api/[...path]": ["./server/db/migrations/**/*"] },
  // The data folder is built from process.cwd() at run time, so the tracer copies all of the local .data (keys,
  // databases, uploads) into .next/standalone. Runtime data is never part of the image. (Turbopack matches these
  // globs anywhere in a path: a pattern like "lib/**" would also drop files of packages in node_modules.)
  // Builds beside the main one (NEXT_DIST_DIR=.next-<name>, parallel checkouts' runs) are runtime data too.
  outputFileTracingExcludes: { "**": ["./.data/**/*", "./.next-*/**/*"] },
  // Native, WASM or model-loading packages must be required by Node at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    // A 49k-word list read once by the password rule: required at run time, not copied into a server chunk.
    "@zxcvbn-ts/language-common",
    "@node-rs/argon2",
    "pg",
    "sharp",
    "@vladmandic/face-api",
    "@vladmandic/human",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
  ],
  // Source maps for profiling a production build (issue 13's main-thread work); never in the image.
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  poweredByHeader: false,
  // Every answer (pages, API, static files). The pages' Content-Security-Policy is set per request in proxy.ts.
  async headers() {
    const common = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
      ...(process.env.NODE_ENV === "production"
        ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
        : []),
    ];
    // Face captures (CAP attendance and references) happen on the administrator's biometric screens only.
    const camera = { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=(), payment=(self)" };
    return [
      { source: "/:path*", headers: common },
      { source: "/biometric", headers: [camera] },
      { source: "/biometric/:path*", headers: [camera] },
    ];
  },
  reactStrictMode: true,
};

export default nextConfig;
