import { notFound } from "../../http/errors";

// The spec's not-found texts (§8 'Other'), shared by the CAP services.
export const courseNotFound = () => notFound("Curso no encontrado");
export const sessionNotFound = () => notFound("Sesión no encontrada");
export const studentNotFound = () => notFound("Alumno no encontrado");
export const sectionNotFound = () => notFound("Sección no encontrada");
export const enrollmentNotFound = () => notFound("Inscripción no encontrada");
