import { startStripeStandIn } from "../../fixtures/stripe-stand-in";

// Started by playwright.config.ts next to the app: Stripe's API as the e2e server's stripe SDK sees it, and (through
// Playwright's request routing of https://api.stripe.com) as the browser's Stripe.js stand-in sees it.
async function main() {
  const standIn = await startStripeStandIn({
    port: Number(process.env.STAND_IN_PORT),
    webhookSecret: process.env.STAND_IN_WEBHOOK_SECRET,
    webhooks: JSON.parse(process.env.STAND_IN_WEBHOOKS ?? "[]"),
  });
  console.log(`Stripe stand-in listening on http://127.0.0.1:${standIn.port}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}

void main();
