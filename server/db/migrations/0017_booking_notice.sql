-- Phone first: the school's minimum notice for a booking ('Antelación mínima para reservar (horas)') is one more row of
-- tenant_settings (key booking_min_notice_hours), read with its default of 12 hours when a school has none
-- (server/modules/config/config.service.ts). The conflicts look-up uses the existing indexes
-- (cap_attendances_student_idx, exam_attendances_student_idx). No table changes.
SELECT 1;
