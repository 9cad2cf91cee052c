// Real Spanish plurals for the texts the app writes itself ('2 alumnos', never 'alumno(s)'). The words are given in
// both numbers: Spanish plurals are not one rule (reserva → reservas, solicitud → solicitudes, inscrito → inscritos).

/** The word in the number that goes with `count`: one for exactly 1, the plural for 0 and for every other count. */
export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The count and its word: '1 reserva', '0 reservas', '3 reservas'. */
export const countOf = (count: number, one: string, many: string) => `${count} ${plural(count, one, many)}`;
