// Our own shapes of the payment provider's objects. Nothing outside server/payments sees Stripe's types.

// A school's Stripe account, as the API needs it (never sent to a browser, never logged).
export type ProviderKeys = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  stripeAccount: string | null;
};

export type ProviderIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export type ProviderIntent = {
  id: string;
  clientSecret: string | null;
  amountCents: number;
  currency: string; // upper case, 'EUR'
  status: ProviderIntentStatus;
  tenantId: string | null; // from the intent's metadata, set when we created it
  orderId: string | null;
};

export type ProviderEventKind = "payment_succeeded" | "payment_failed" | "payment_canceled" | "other";

// A verified webhook event.
export type ProviderEvent = {
  id: string;
  kind: ProviderEventKind;
  type: string; // the provider's own name, for the record
  account: string | null; // the connected account that sent it, if any
  intent: ProviderIntent | null; // for the payment_* kinds
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  tenantId: string;
  orderId: string;
  studentId: string;
  description: string;
  idempotencyKey: string;
};
