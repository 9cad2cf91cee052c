import path from "node:path";
import type { Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { stripeE2eSetup } from "./stand-in-config";

export const stripeSetup = stripeE2eSetup(Number(new URL(baseURL).port));
const STRIPE_JS_STAND_IN = path.join(__dirname, "stripe-js-stand-in.js");

// js.stripe.com and api.stripe.com cannot be reached here: Stripe.js is served by the stand-in script, and its API
// calls go to the local stand-in of Stripe's API (the same one the app's stripe SDK uses).
export async function routeStripe(page: Page) {
  await page.route("https://js.stripe.com/**", (route) => route.fulfill({ path: STRIPE_JS_STAND_IN, contentType: "application/javascript" }));
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${stripeSetup.stripePort}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

// "165,00 €" → 16500
export const euroCents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

export const SHOTS = "test-results/screens/payments";
