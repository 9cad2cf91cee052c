// Plain values of the messaging contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

export const MESSAGE_MAX_LENGTH = 4000;
