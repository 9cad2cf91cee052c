// Plain values of the shop contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

export const NO_PRODUCT_SELECTED_MESSAGE = "Debes seleccionar al menos un producto";

export const MAX_ITEM_QUANTITY = 20;
