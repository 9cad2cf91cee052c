// Spanish names of the audited actions; an unknown action shows its code.
const ACTION_LABELS: Record<string, string> = {
  "user.created": "Usuario creado",
  "user.updated": "Usuario modificado",
  "user.deactivated": "Usuario desactivado",
  "user.reactivated": "Usuario reactivado",
  "user.password_link_created": "Enlace de contraseña generado",
  "user.password_set": "Contraseña establecida por la oficina",
  "user.password_set_by_link": "Contraseña establecida con enlace",
  "auth.password_changed": "Contraseña cambiada",
  "balance.adjusted": "Saldo ajustado en la oficina",
  "impersonation.start": "Inicio de suplantación",
  "impersonation.end": "Fin de suplantación",
  "license.created": "Permiso añadido",
  "license.deleted": "Permiso eliminado",
  "instructor.licenses_updated": "Permisos de profesor modificados",
  "assignment.created": "Asignación creada",
  "assignment.deleted": "Asignación eliminada",
  "vehicle.created": "Vehículo añadido",
  "vehicle.updated": "Vehículo modificado",
  "settings.updated": "Ajustes modificados",
  "content.uploaded": "Contenido subido",
  "content.link_added": "Enlace de test añadido",
  "content.updated": "Contenido modificado",
  "content.moved": "Contenido reordenado",
  "content.deleted": "Contenido eliminado",
  "availability.rules_replaced": "Horario de profesor modificado",
  "biometric.reference_deleted": "Referencia biométrica eliminada",
  "biometric.reference_rejected": "Referencia biométrica rechazada",
  "biometric.reference_saved": "Referencia biométrica guardada",
  "biometric.reference_viewed": "Referencia biométrica consultada",
  "biometric.verification": "Verificación facial",
  "cap.attendance_added_manually": "Asistencia CAP añadida a mano",
  "cap.attendance_report_downloaded": "Informe de asistencia CAP descargado",
  "cap.course_created": "Curso CAP creado",
  "cap.section_created": "Sección creada",
  "cap.section_deleted": "Sección eliminada",
  "cap.section_updated": "Sección modificada",
  "cap.session_created": "Sesión CAP creada",
  "cap.student_created": "Alumno CAP creado",
  "cap.student_deleted": "Alumno CAP eliminado",
  "cap.student_unenrolled": "Alumno CAP dado de baja del curso",
  "cap.student_updated": "Alumno CAP modificado",
  "cap.students_enrolled": "Alumnos CAP inscritos",
  "exams.backup_joined": "Reserva de examen (lista de espera)",
  "exams.created": "Examen creado",
  "exams.deleted": "Examen eliminado",
  "exams.registered": "Inscripción en examen",
  "exams.registered_by_office": "Inscripción en examen por la oficina",
  "exams.result_recorded": "Resultado de examen registrado",
  "exams.slot_updated": "Plazas de examen modificadas",
  "exams.withdrawn": "Baja de examen",
  "reservations.booked": "Reserva solicitada",
  "reservations.cancellation_requested": "Cancelación solicitada",
  "reservations.cancelled": "Reserva cancelada",
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

const CHANGE_LABELS: Record<string, string> = {
  practice_duration_min: "duración mínima",
  practice_duration_max: "duración máxima",
  practice_duration_increments: "incremento",
  reservation_mode: "modo de reserva",
  hourly_price: "precio por hora (céntimos)",
  reservation_cancel_deadline_hours: "plazo de cancelación (h)",
  balance_mode: "modo de saldo",
  booking_horizon_days: "días de antelación",
  name: "nombre",
  position: "posición",
};

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : Array.isArray(v) ? v.join(", ") : String(v));

// One line that says what changed, from the entry's details.
export function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ["name", "plate", "student", "instructor", "license", "code"]) {
    if (typeof details[key] === "string") parts.push(String(details[key]));
  }
  const changes = details.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes) {
    for (const [k, c] of Object.entries(changes)) parts.push(`${CHANGE_LABELS[k] ?? k}: ${show(c.from)} → ${show(c.to)}`);
  }
  if (Array.isArray(details.licenses)) parts.push(`permisos: ${show(details.licenses)}`);
  return parts.join(" · ");
}
