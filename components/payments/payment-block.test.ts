import { paymentBlock } from "./payment-block";

const ok = { failed: false, publicKey: "pk_test_123" };
const pending = { errorText: null, status: "pending" as const };

describe("what stops the payment page (second document §2, §8)", () => {
  it("offers the card form when the settings have a key and the order is pending", () => {
    expect(paymentBlock(ok, pending)).toBeNull();
  });

  it("shows one message when an old link fails twice: the school's configuration first, with no way to top up", () => {
    const noStripe = { failed: false, publicKey: null };
    const unknownOrder = { errorText: "Pedido no encontrado", status: undefined };
    expect(paymentBlock(noStripe, unknownOrder)).toEqual({
      message: "Configuración de pago incompleta. Ponte en contacto con soporte.",
      canTopUp: false,
    });
    expect(paymentBlock({ failed: true, publicKey: undefined }, unknownOrder)).toEqual({ message: "Error al cargar la configuración", canTopUp: true });
  });

  it("sends an unknown or paid order back to 'Recargar saldo'", () => {
    expect(paymentBlock(ok, { errorText: "Pedido no encontrado", status: undefined })).toEqual({ message: "Pedido no encontrado", canTopUp: true });
    expect(paymentBlock(ok, { errorText: null, status: "paid" })).toEqual({ message: "Este pedido ya está pagado", canTopUp: true });
  });

  it("does not offer the card form for an order that expired unpaid: back to 'Recargar saldo' for a new one", () => {
    expect(paymentBlock(ok, { errorText: null, status: "expired" })).toEqual({
      message: "Este pedido ha caducado. Vuelve a Recargar saldo para hacer uno nuevo.",
      canTopUp: true,
    });
  });
});
