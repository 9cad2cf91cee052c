// Plain values of the people contract (issue 31 §2): no zod here, the screens use them without the schema library.

/** How many of each growing list the student's page shows (the newest, or the next, ones); their own screens page the rest. */
export const STUDENT_FILE_LIST_LIMIT = 10;
export const OFFICE_NOTE_MAX_LENGTH = 2000;
/** A student's notes are read whole: a page past this many is refused (the office writes a few, not hundreds). */
export const OFFICE_NOTES_MAX_PER_STUDENT = 200;

/** How many items of each list the office's home draws; the count says how many there are in all. */
export const OFFICE_HOME_LIST_LIMIT = 20;
