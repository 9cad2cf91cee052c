"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiPost, type Answer } from "@/lib/api-client";
import type { ChallengeFrameResponse, challengeSchema } from "@/lib/contract/cap-liveness";
import type { CameraHandle } from "./camera";

// Guidance while taking reference photos (issue 30 §1): a quality-only challenge from the server, a small frame every
// GUIDANCE_INTERVAL_MS for 'Acércate', 'Mira a la cámara', 'Más luz'..., and a full check of each photo kept.

const GUIDANCE_INTERVAL_MS = 400;
/** Frames sent for guidance only are shrunk to this width; a kept photo goes at full size. */
const GUIDANCE_WIDTH = 640;

export type PhotoCheck = { good: boolean; guidance: string | null };

export function useFaceGuidance(camera: React.RefObject<CameraHandle | null>, studentId: string, isCameraReady: boolean) {
  const [guidance, setGuidance] = useState<{ text: string | null; good: boolean } | null>(null);
  const token = useRef<Promise<string> | null>(null);
  const counter = useRef(0);

  const challenge = useCallback(() => {
    token.current ??= apiPost<Answer<typeof challengeSchema>>("/administrator/cap/biometric-challenge", { purpose: "reference", studentId }).then((c) => c.token);
    return token.current;
  }, [studentId]);

  const send = useCallback(
    async (image: string): Promise<PhotoCheck> => {
      const answer = await apiPost<ChallengeFrameResponse>("/administrator/cap/biometric-challenge/frames", { token: await challenge(), n: counter.current++, image });
      return { good: answer.face?.good ?? false, guidance: answer.guidance };
    },
    [challenge],
  );

  useEffect(() => {
    if (!isCameraReady) return;
    let stopped = false;
    void (async () => {
      while (!stopped) {
        const began = Date.now();
        const image = camera.current?.capture(GUIDANCE_WIDTH) ?? null;
        try {
          if (image) {
            const check = await send(image);
            if (!stopped) setGuidance({ text: check.guidance, good: check.good });
          }
        } catch {
          // A challenge over (5 minutes) or a dropped connection: ask for a new one on the next frame.
          token.current = null;
          if (!stopped) setGuidance(null);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(100, GUIDANCE_INTERVAL_MS - (Date.now() - began))));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [camera, isCameraReady, send]);

  /** The same gates the server applies when the references are saved. */
  const checkPhoto = useCallback((image: string) => send(image), [send]);

  return { guidance, checkPhoto };
}
