import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native, WASM or model-loading packages must be required by Node at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pg",
    "sharp",
    "@vladmandic/face-api",
    "@vladmandic/human",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
