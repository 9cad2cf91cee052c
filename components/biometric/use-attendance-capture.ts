"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, apiPost, type Answer } from "@/lib/api-client";
import type { createAttendanceResponseSchema, AttendanceType, CapSession } from "@/lib/contract/cap";
import type { LivenessProof } from "@/lib/contract/cap-liveness";
import { BIOMETRIC_ERRORS } from "@/lib/contract/constants/cap";
import { captureErrorText, type CaptureErrorText } from "./capture-errors";
import { biometricQueries } from "./queries";
import { saveReferences, useInvalidateReference } from "./use-biometric-reference";
import type { LiveCaptureResult } from "./use-live-capture";
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
 * Spec §4 capture flow: idle → loading ('Escaneando...') → success or error, after the live capture of issue 30 (the
 * challenge and its frames, use-live-capture.ts). A student without a biometric reference (known from the GET, or
 * answered 'biometric-reference-not-found') gets the capture's best frames saved as references first, then used for
 * the attendance.
 */
export function useAttendanceCapture({ session, studentId, type }: Target, onClose: () => void) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const invalidateReference = useInvalidateReference();
  const [state, setState] = useState<CaptureState>({ status: "idle" });
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const register = useCallback(
    (liveness: LivenessProof) =>
      apiPost<Answer<typeof createAttendanceResponseSchema>>("/administrator/cap/cap-attendance/create", { capSessionId: session.id, studentId, type, liveness }),
    [session.id, studentId, type],
  );

  const submit = useCallback(
    async ({ proof, passed, images }: LiveCaptureResult) => {
      setState({ status: "loading" });
      let savedReference = false;
      // Only frames of a capture that passed the challenge may become references.
      const canEnrol = passed && images.length > 0;
      const saveFirst = async () => {
        await saveReferences(studentId, images);
        savedReference = true;
        await invalidateReference(studentId);
      };
      try {
        if (canEnrol && queryClient.getQueryData(biometricQueries.reference(studentId).queryKey) === null) await saveFirst();
        try {
          await register(proof);
        } catch (error) {
          if (savedReference || !canEnrol || !(error instanceof ApiError) || error.code !== BIOMETRIC_ERRORS.referenceNotFound) throw error;
          await saveFirst();
          await register(proof);
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

  const fail = useCallback((error: unknown) => setState({ status: "error", error: captureErrorText(error) }), []);
  const reset = useCallback(() => setState({ status: "idle" }), []);

  return { state, submit, fail, reset };
}
