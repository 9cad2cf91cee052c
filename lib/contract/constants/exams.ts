// Plain values of the exams contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

// Exam types of the DGT: theory, closed circuit, road (the ids are fixed: see docs/decisions/exams.md).
export const EXAM_TYPES = [
  { id: 1, name: "Teórico" },
  { id: 2, name: "Circuito" },
  { id: 3, name: "Circulación" },
] as const;

export const examTypeName = (id: number) => EXAM_TYPES.find((t) => t.id === id)?.name ?? "";

// Spec §4: result codes and their texts. The spec shows no result yet as '- - - - - -'; the issue "Phone first" has it
// read 'Pendiente', a word a student understands (docs/decisions.md).
export const EXAM_RESULT_LABELS: Record<number, string> = {
  0: "Pendiente",
  1: "No presentado",
  2: "No apto",
  3: "Apto",
  4: "Aplazado",
};
