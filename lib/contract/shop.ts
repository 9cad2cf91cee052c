import { z } from "zod";
import { uuidSchema } from "./common";
import { balanceModeSchema } from "./config";
import { MAX_ITEM_QUANTITY } from "./constants/shop";

// The /shop calls of the second document (§3, §7): products, orders, the card payment and the Stripe webhook.
export const moneySchema = z.object({ amount: z.number().int(), currency: z.literal("EUR") });
export type Money = z.infer<typeof moneySchema>;

// What one unit of a product adds to the balance: seconds in time mode, cents in money mode.
export const productCreditSchema = z.object({ mode: balanceModeSchema, amount: z.number().int().positive() });
export type ProductCredit = z.infer<typeof productCreditSchema>;

export const productSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  description: z.string().nullable(),
  price: moneySchema,
  credit: productCreditSchema,
});
export type Product = z.infer<typeof productSchema>;

// GET /api/shop/products: the products on sale for the school's balance mode.
export const productListSchema = z.array(productSchema);

// POST /api/shop/order. Quantity 0 removes the line; at least one line must remain. An absent or null list is an
// empty one, so it gets the spec's 'Debes seleccionar al menos un producto' rather than 'Faltan campos requeridos'.
export const orderItemInputSchema = z.object({
  productId: uuidSchema,
  quantity: z
    .number({ error: "La cantidad debe ser un número entero" })
    .int("La cantidad debe ser un número entero")
    .min(0, "La cantidad no puede ser negativa")
    .max(MAX_ITEM_QUANTITY, `La cantidad máxima por producto es ${MAX_ITEM_QUANTITY}`),
});
export const createOrderBodySchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .max(50, "Demasiados productos en el pedido")
    .nullish()
    .transform((items) => items ?? []),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const createOrderResponseSchema = z.object({ id: uuidSchema });

// 'expired': unpaid a day after it was made (its PaymentIntent is cancelled); a new order is needed.
export const orderStatusSchema = z.enum(["pending", "paid", "expired"]);

export const orderItemSchema = z.object({
  id: uuidSchema,
  product: z.object({ id: uuidSchema, title: z.string(), price: moneySchema }),
  quantity: z.number().int().positive(),
  total: moneySchema,
});

// GET /api/shop/order/{id}: only the student's own orders.
export const orderSchema = z.object({
  id: uuidSchema,
  status: orderStatusSchema,
  items: z.array(orderItemSchema),
  total: moneySchema,
  credit: productCreditSchema,
});
export type Order = z.infer<typeof orderSchema>;

// POST /api/shop/order/payment: creates the order's PaymentIntent, or reuses the open one.
export const orderPaymentBodySchema = z.object({ orderId: uuidSchema });
export const orderPaymentResponseSchema = z.object({ clientSecret: z.string() });

// GET /api/shop/stripe/public-key. publicKey is null when the school has no Stripe account configured.
export const stripePublicKeySchema = z.object({ publicKey: z.string().nullable(), stripeAccount: z.string().nullable() });
export type StripePublicKey = z.infer<typeof stripePublicKeySchema>;

// POST /api/shop/stripe/webhook answers this to Stripe once an event is verified.
export const webhookAckSchema = z.object({ received: z.literal(true) });
