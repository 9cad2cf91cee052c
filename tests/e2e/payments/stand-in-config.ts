// The Stripe test setup of the e2e server (playwright.config.ts): the demo schools get these test keys, and the
// stripe SDK talks to the local stand-in of Stripe's API (tests/fixtures/stripe-stand-in.ts) on STRIPE_PORT.
export function stripeE2eSetup(appPort: number) {
  const stripePort = Number(process.env.E2E_STRIPE_PORT ?? appPort + 1000);
  const webhookSecret = "whsec_e2e_stand_in_secret";
  const webhookUrl = `http://127.0.0.1:${appPort}/api/shop/stripe/webhook`;
  return {
    stripePort,
    webhookSecret,
    appEnv: {
      STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_stand_in",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(stripePort),
      STRIPE_API_PROTOCOL: "http",
    },
    standInEnv: {
      STAND_IN_PORT: String(stripePort),
      STAND_IN_WEBHOOK_SECRET: webhookSecret,
      // Both demo schools share the test account, so Stripe would deliver every event to both endpoints.
      STAND_IN_WEBHOOKS: JSON.stringify([
        { url: webhookUrl, host: "localhost" },
        { url: webhookUrl, host: "norte.localhost" },
      ]),
    },
  };
}
