import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { stripeSetup } from "./stripe-routes";

// Stripe calls the webhook through the BFF like any browser would not: no session, no Origin, a signed raw body.
const signer = new Stripe("sk_test_signer");
const event = (id: string) =>
  // Odd spacing and non-ASCII text: the signature only verifies if the BFF hands the API the bytes unchanged.
  `{\n  "id": "${id}",  "object": "event", "type": "payment_intent.succeeded",\n  "data": {"object": {"id": "pi_unknown_e2e", "object": "payment_intent", "amount": 5000, "currency": "eur", "status": "succeeded", "metadata": {"nota": "añadir saldo — ü"}}}\n}`;

test("a signed webhook passes the BFF unchanged; a forged one is refused", async ({ request }) => {
  const payload = event("evt_e2e_bff");
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: stripeSetup.webhookSecret });
  const ok = await request.post("/api/shop/stripe/webhook", { headers: { "stripe-signature": signature, "content-type": "application/json" }, data: payload });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ received: true });

  // From another site: the CSRF check lets exactly this call through; the signature decides.
  const crossSite = await request.post("/api/shop/stripe/webhook", {
    headers: { "stripe-signature": signature, "content-type": "application/json", origin: "https://stripe.com", "sec-fetch-site": "cross-site" },
    data: payload,
  });
  expect(crossSite.status()).toBe(200);

  const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_forged" });
  const refused = await request.post("/api/shop/stripe/webhook", { headers: { "stripe-signature": forged, "content-type": "application/json" }, data: payload });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe("INVALID_SIGNATURE");
  const unsigned = await request.post("/api/shop/stripe/webhook", { headers: { "content-type": "application/json" }, data: payload });
  expect(unsigned.status()).toBe(400);
});
