// Place arithmetic of an exam slot. -1 means unlimited, both for the school's places and for how many it shows.

// How many registrations students may make themselves: the shown limit, never above the real places.
export function effectiveLimit(places: number, visibleLimit: number): number {
  if (places === -1) return visibleLimit;
  if (visibleLimit === -1) return places;
  return Math.min(places, visibleLimit);
}

// What is left of a limit (-1 when unlimited), never below zero.
export function remainingOf(limit: number, registeredCount: number): number {
  return limit === -1 ? -1 : Math.max(0, limit - registeredCount);
}

export function visibleRemaining(places: number, visibleLimit: number, registeredCount: number): number {
  return remainingOf(effectiveLimit(places, visibleLimit), registeredCount);
}

export function isInWindow(exam: { inscriptionsOpening: Date; inscriptionsClosing: Date }, now: Date): boolean {
  return exam.inscriptionsOpening.getTime() <= now.getTime() && now.getTime() < exam.inscriptionsClosing.getTime();
}

export type StudentSlotState = {
  inWindow: boolean;
  isAssigned: boolean;
  status: "registered" | "backup" | null;
  remaining: number;
};

// Registered or on the reserve list, never both; the reserve list opens only when no shown place is left.
export function studentFlags(s: StudentSlotState) {
  const isFree = s.inWindow && s.isAssigned && s.status === null;
  return {
    isRegistered: s.status === "registered",
    isBackupRegistered: s.status === "backup",
    canRegister: isFree && s.remaining !== 0,
    canBackupRegister: isFree && s.remaining === 0,
  };
}
