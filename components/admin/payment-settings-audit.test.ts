import { describeEntry } from "./audit-details";
import { actionLabel } from "./audit-labels";

// The activity log's line for the office's card payments: the mode, the masked secret key, what changed.
describe("card payments in the activity log", () => {
  const entry = (action: string, details: Record<string, unknown>) => ({ action, details, actingAs: null });

  it("names the switch-on with its mode and masked key", () => {
    const details = { mode: "test", secretKey: "sk_test_…4242", changed: ["publishableKey", "secretKey", "webhookSecret", "stripeAccount"] };
    expect(actionLabel("payment_settings.enabled")).toBe("Pagos con tarjeta activados");
    expect(describeEntry(entry("payment_settings.enabled", details))).toBe("modo de prueba · Clave secreta: sk_test_…4242");
  });

  it("says which keys a change replaced", () => {
    const details = { mode: "live", secretKey: "sk_live_…9999", changed: ["webhookSecret"] };
    expect(describeEntry(entry("payment_settings.updated", details))).toBe("modo real · Clave secreta: sk_live_…9999 · cambia: secreto del webhook");
  });

  it("a switch-off of keys that could not be read says no more than that", () => {
    expect(actionLabel("payment_settings.disabled")).toBe("Pagos con tarjeta desactivados");
    expect(describeEntry(entry("payment_settings.disabled", { unreadable: true }))).toBe("");
  });
});
