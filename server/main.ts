import { serve } from "@hono/node-server";
import { getApp } from "./app";
import { getDatabase } from "./db/client";
import { serverEnv } from "./env";
import { filterInternalHeaders } from "./http/internal-headers";

// The API on its own (for deployments that split it from the Next.js front end).
async function main() {
  await getDatabase();
  const app = getApp();
  const fetch = (request: Request) => app.fetch(filterInternalHeaders(request, serverEnv.INTERNAL_API_SECRET));
  serve({ fetch, port: serverEnv.API_PORT }, (info) => {
    console.log(`Volante API listening on http://localhost:${info.port}/api`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
