import Stripe from "stripe";
import { serverEnv } from "../env";
import { AppError } from "../http/errors";
import type { CreateIntentInput, ProviderEvent, ProviderEventKind, ProviderIntent, ProviderIntentStatus, ProviderKeys } from "./types";

// The Stripe adapter: the only file that talks to the stripe SDK. Vendor shapes become our types here.

export type StripeApiTarget = { host?: string; port?: number; protocol?: "http" | "https" };

let apiTarget: StripeApiTarget = {
  host: serverEnv.STRIPE_API_HOST,
  port: serverEnv.STRIPE_API_PORT,
  protocol: serverEnv.STRIPE_API_PROTOCOL,
};
const clients = new Map<string, Stripe>();

// Tests point the SDK at a local stand-in of Stripe's API.
export function setStripeApiTarget(target: StripeApiTarget): void {
  apiTarget = target;
  clients.clear();
}

function clientFor(secretKey: string): Stripe {
  let client = clients.get(secretKey);
  if (!client) {
    client = new Stripe(secretKey, {
      ...(apiTarget.host ? { host: apiTarget.host } : {}),
      ...(apiTarget.port ? { port: apiTarget.port } : {}),
      ...(apiTarget.protocol ? { protocol: apiTarget.protocol } : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Volante" },
    });
    clients.set(secretKey, client);
  }
  return client;
}

export const providerUnavailable = () =>
  new AppError("PAYMENT_PROVIDER_ERROR", "No se ha podido contactar con el proveedor de pago. Inténtalo de nuevo más tarde.", 502);

const STATUSES = new Set<ProviderIntentStatus>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
]);

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const metadata = pi.metadata ?? {};
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? null,
    amountCents: pi.amount,
    currency: String(pi.currency ?? "").toUpperCase(),
    status: STATUSES.has(pi.status as ProviderIntentStatus) ? (pi.status as ProviderIntentStatus) : "requires_payment_method",
    tenantId: typeof metadata.tenant_id === "string" ? metadata.tenant_id : null,
    orderId: typeof metadata.order_id === "string" ? metadata.order_id : null,
  };
}

const requestOptions = (keys: ProviderKeys, idempotencyKey?: string): Stripe.RequestOptions => ({
  ...(keys.stripeAccount ? { stripeAccount: keys.stripeAccount } : {}),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

// Provider failures (network, keys, Stripe's own errors) become one safe 502; their details are not logged here
// because Stripe's error objects can carry request parameters.
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    throw providerUnavailable();
  }
}

export async function createIntent(keys: ProviderKeys, input: CreateIntentInput): Promise<ProviderIntent> {
  const pi = await call(() =>
    clientFor(keys.secretKey).paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        description: input.description,
        metadata: { tenant_id: input.tenantId, order_id: input.orderId, student_id: input.studentId },
      },
      requestOptions(keys, input.idempotencyKey),
    ),
  );
  return toIntent(pi);
}

export async function retrieveIntent(keys: ProviderKeys, id: string): Promise<ProviderIntent> {
  return toIntent(await call(() => clientFor(keys.secretKey).paymentIntents.retrieve(id, {}, requestOptions(keys))));
}

// Cancels an intent nobody will pay (its order expired). Stripe refuses to cancel one that already succeeded (or was
// cancelled): then the intent as Stripe holds it is answered, so the caller can settle a late success. Repeating a
// cancel is harmless, so no idempotency key: a retry after a refusal must see the intent's current status.
export async function cancelIntent(keys: ProviderKeys, id: string): Promise<ProviderIntent> {
  try {
    const pi = await clientFor(keys.secretKey).paymentIntents.cancel(id, { cancellation_reason: "abandoned" }, requestOptions(keys));
    return toIntent(pi);
  } catch (error) {
    if ((error as { code?: unknown }).code === "payment_intent_unexpected_state") return retrieveIntent(keys, id);
    throw providerUnavailable();
  }
}

const EVENT_KINDS: Record<string, ProviderEventKind> = {
  "payment_intent.succeeded": "payment_succeeded",
  "payment_intent.payment_failed": "payment_failed",
  "payment_intent.canceled": "payment_canceled",
};

export class InvalidWebhookError extends Error {}

// Verifies the signature (and its age: Stripe's default tolerance, 5 minutes) with the school's webhook secret.
export function verifyEvent(keys: ProviderKeys, rawBody: Uint8Array, signature: string | null): ProviderEvent {
  if (!signature) throw new InvalidWebhookError("missing signature");
  let event: Stripe.Event;
  try {
    event = clientFor(keys.secretKey).webhooks.constructEvent(Buffer.from(rawBody), signature, keys.webhookSecret);
  } catch {
    throw new InvalidWebhookError("invalid signature");
  }
  const kind = EVENT_KINDS[event.type] ?? "other";
  const object = (event.data as { object?: { object?: string } } | undefined)?.object;
  const intent = kind !== "other" && object?.object === "payment_intent" ? toIntent(object as Stripe.PaymentIntent) : null;
  return { id: event.id, kind: intent ? kind : "other", type: event.type, account: event.account ?? null, intent };
}

// The account a secret key opens (issue 31 §4: the office's keys are checked before they are saved).
export type ProviderAccount = { id: string; name: string | null };

// Why Stripe refused keys the office pasted: an unknown, rolled or revoked key; a key that may not read the account
// (a restricted key without that permission); a connected account the key cannot reach.
export type KeyRefusal = "invalid_key" | "key_not_allowed" | "account_unreachable";
export class KeysRefusedError extends Error {
  constructor(readonly reason: KeyRefusal) {
    super(reason);
  }
}

// One call, with a client of its own (keys that may be wrong never join the cache of working clients), a short timeout
// and no retries: the office is waiting. Stripe's error objects are not kept: they can carry part of the key.
export async function retrieveAccount(secretKey: string, stripeAccount: string | null): Promise<ProviderAccount> {
  const client = new Stripe(secretKey, {
    ...(apiTarget.host ? { host: apiTarget.host } : {}),
    ...(apiTarget.port ? { port: apiTarget.port } : {}),
    ...(apiTarget.protocol ? { protocol: apiTarget.protocol } : {}),
    maxNetworkRetries: 0,
    timeout: 10_000,
    appInfo: { name: "Volante" },
  });
  let account: Stripe.Account;
  try {
    account = await client.accounts.retrieve(null, {}, stripeAccount ? { stripeAccount } : {});
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 401) throw new KeysRefusedError("invalid_key");
    if (status === 403) throw new KeysRefusedError(stripeAccount ? "account_unreachable" : "key_not_allowed");
    if (status === 400 || status === 404) throw new KeysRefusedError(stripeAccount ? "account_unreachable" : "invalid_key");
    throw providerUnavailable();
  }
  const name = account.settings?.dashboard?.display_name || account.business_profile?.name || null;
  return { id: account.id, name };
}
