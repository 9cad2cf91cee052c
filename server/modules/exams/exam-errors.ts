import { AppError, conflict, notFound } from "../../http/errors";

// The exam vocabulary; the messages are what the student sees (spec §8: the server's error text).
export const EXAM_NOT_FOUND = "Examen no encontrado";
export const ATTENDANCE_NOT_FOUND = "Inscripción no encontrada";
export const examNotFound = () => notFound(EXAM_NOT_FOUND);
export const attendanceNotFound = () => notFound(ATTENDANCE_NOT_FOUND);
export const inscriptionsClosed = () => conflict("INSCRIPTIONS_CLOSED", "El plazo de inscripción de este examen no está abierto");
export const licenseNotAssigned = () =>
  new AppError("LICENSE_NOT_ASSIGNED", "No puedes inscribirte en exámenes de un permiso que no estás cursando", 403);
export const noPlacesAvailable = () => conflict("NO_PLACES_AVAILABLE", "No quedan plazas disponibles en este examen");
export const placesAvailable = () =>
  conflict("PLACES_AVAILABLE", "Todavía quedan plazas disponibles: inscríbete directamente en el examen");
export const alreadyRegistered = () => conflict("ALREADY_REGISTERED", "Ya estás inscrito en este examen");
export const alreadyBackup = () => conflict("ALREADY_BACKUP_REGISTERED", "Ya estás apuntado en la reserva de este examen");
export const notRegistered = () => conflict("NOT_REGISTERED", "No estás inscrito ni apuntado en la reserva de este examen");
export const examAlreadyHeld = () => conflict("EXAM_ALREADY_HELD", "El examen ya se ha celebrado");
export const examNotHeld = () => conflict("EXAM_NOT_HELD", "El examen todavía no se ha celebrado");
export const resultNeedsRegistration = () =>
  conflict("NOT_REGISTERED", "Solo se puede registrar el resultado de un alumno inscrito");
export const placesBelowRegistered = () =>
  conflict("PLACES_BELOW_REGISTERED", "No puede haber menos plazas que alumnos inscritos");
export const examHasStudents = () => conflict("EXAM_HAS_STUDENTS", "El examen tiene alumnos inscritos o en reserva");
export const licenseNotAllowed = () =>
  new AppError("VALIDATION_ERROR", "El permiso no existe o no es uno de tus permisos", 422);
export const studentAlreadyRegistered = () => conflict("ALREADY_REGISTERED", "El alumno ya está inscrito en este examen");
export const studentNotFound = () => notFound("Alumno no encontrado");
export const studentLicenseMissing = () =>
  new AppError("LICENSE_NOT_ASSIGNED", "El alumno no tiene asignado el permiso de este examen", 422);
