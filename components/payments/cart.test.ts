import type { Product } from "@/lib/contract/shop";
import { cartTotal, orderItems, setQuantity, toggleProduct } from "./cart";

const product = (id: string, amount: number): Product => ({
  id,
  title: id,
  description: null,
  price: { amount, currency: "EUR" },
  credit: { mode: "time", amount: 3600 },
});
const products = [product("a", 3500), product("b", 16500)];

describe("the top-up cart", () => {
  it("toggles a product between 0 and 1", () => {
    const one = toggleProduct({}, "a");
    expect(one).toEqual({ a: 1 });
    expect(toggleProduct(one, "a")).toEqual({});
    expect(toggleProduct({ a: 3 }, "a")).toEqual({});
  });

  it("never holds a negative or fractional quantity, and 0 removes the product", () => {
    expect(setQuantity({}, "a", -2)).toEqual({});
    expect(setQuantity({}, "a", 2.7)).toEqual({ a: 2 });
    expect(setQuantity({ a: 2 }, "a", 0)).toEqual({});
    expect(setQuantity({}, "a", Number.NaN)).toEqual({});
    expect(setQuantity({}, "a", 500)).toEqual({ a: 20 });
  });

  it("adds up the total and lists only the selected products that are on sale", () => {
    const cart = { a: 2, b: 1, gone: 4 };
    expect(cartTotal(cart, products)).toBe(23500);
    expect(orderItems(cart, products)).toEqual([
      { productId: "a", quantity: 2 },
      { productId: "b", quantity: 1 },
    ]);
    expect(orderItems({}, products)).toEqual([]);
  });
});
