/** The student's name as a link to the office's page of the student (44 px tall on a touch screen). */
export const STUDENT_LINK =
  "inline-flex items-center rounded-sm font-medium break-words underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none touch:min-h-11";
