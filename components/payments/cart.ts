import type { Product } from "@/lib/contract/shop";
import { MAX_ITEM_QUANTITY } from "@/lib/contract/constants/shop";

// The top-up screen's selection: product id → quantity. Quantity 0 removes the product (second document §5).
export type Cart = Readonly<Record<string, number>>;

const clamp = (n: number) => (Number.isFinite(n) ? Math.min(MAX_ITEM_QUANTITY, Math.max(0, Math.trunc(n))) : 0);

export function setQuantity(cart: Cart, productId: string, quantity: number): Cart {
  const next = { ...cart };
  const q = clamp(quantity);
  if (q === 0) delete next[productId];
  else next[productId] = q;
  return next;
}

// Clicking a product card toggles it between 0 and 1 (second document §2).
export const toggleProduct = (cart: Cart, productId: string): Cart => setQuantity(cart, productId, (cart[productId] ?? 0) > 0 ? 0 : 1);

export function cartTotal(cart: Cart, products: readonly Product[]): number {
  return products.reduce((sum, p) => sum + p.price.amount * (cart[p.id] ?? 0), 0);
}

// Only products still on sale, with a quantity above zero.
export function orderItems(cart: Cart, products: readonly Product[]) {
  return products.filter((p) => (cart[p.id] ?? 0) > 0).map((p) => ({ productId: p.id, quantity: cart[p.id]! }));
}
