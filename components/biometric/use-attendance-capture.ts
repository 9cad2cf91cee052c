"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, apiPost, type Answer } from "@/lib/api-client";
import type { createAttendanceResponseSchema, AttendanceType, CapSession } from "@/lib/contract/cap";
import { BIOMETRIC_ERRORS } from "@/lib/contract/constants/cap";
import { captureErrorText, type CaptureErrorText } from "./capture-errors";
import { biometricQueries } from "./queries";
import { saveReference, useInvalidateReference } from "./use-biometric-reference";
import { useRefreshSession } from "./use-session-mutations";

export type CaptureState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "success" }
  | { status: "error"; error: CaptureErrorText };

// Spec §9: the dialog closes 500 ms after 'Identificado'.
export const CLOSE_AFTER_SUCCESS_MS = 500;

type Target = { session: CapSession; studentId: string; type: AttendanceType };

/**
 * Spec §4 capture flow: idle → loading ('Escaneando...') → success or error. A student without a biometric
 * reference (known from the GET, or answered 'biometric-reference-not-found') gets this capture saved as the
 * reference first, then used for the attendance.
 */
export function useAttendanceCapture({ session, studentId, type }: Target, onClose: () => void) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const invalidateReference = useInvalidateReference();
  const [state, setState] = useState<CaptureState>({ status: "idle" });
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const register = useCallback(
    (image: string) =>
      apiPost<Answer<typeof createAttendanceResponseSchema>>("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId, type, image }),
    [session.id, studentId, type],
  );

  const submit = useCallback(
    async (image: string | null) => {
      if (!image) return setState({ status: "error", error: captureErrorText(null) });
      setState({ status: "loading" });
      let savedReference = false;
      const saveFirst = async () => {
        await saveReference(studentId, image);
        savedReference = true;
        await invalidateReference(studentId);
      };
      try {
        if (queryClient.getQueryData(biometricQueries.reference(studentId).queryKey) === null) await saveFirst();
        try {
          await register(image);
        } catch (error) {
          if (savedReference || !(error instanceof ApiError) || error.code !== BIOMETRIC_ERRORS.referenceNotFound) throw error;
          await saveFirst();
          await register(image);
        }
        setState({ status: "success" });
        void refreshSession(session.id, session.capCourseId);
        closeTimer.current = window.setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
      } catch (error) {
        setState({ status: "error", error: captureErrorText(error) });
      }
    },
    [queryClient, register, invalidateReference, refreshSession, session.id, session.capCourseId, studentId, onClose],
  );

  return { state, submit };
}
