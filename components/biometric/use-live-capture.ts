"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { evaluateChallenge, type ChallengeStep, type Observation } from "@/lib/cap/liveness";
import { ApiError, apiPost, type Answer } from "@/lib/api-client";
import type { ChallengeFrameResponse, challengeSchema, CreateChallengeBody, LivenessProof } from "@/lib/contract/cap-liveness";
import { LIVENESS_ERRORS, STEP_PROMPTS } from "@/lib/contract/constants/cap-liveness";
import type { CameraHandle } from "./camera";

// The live capture of issue 30: a challenge from the server, then the camera's frames sent one after the other; the
// server measures each one (guidance for the person, sealed measurements for the registration) and this hook shows
// progress with the same rules the server applies (lib/cap/liveness.ts). The server decides on registration.

/** At most one frame every this many ms (the server answers each one in ~50-150 ms). */
const MIN_FRAME_INTERVAL_MS = 150;
/** The capture ends this long before the challenge does: a frame sent later would arrive too late to count. */
const DEADLINE_MARGIN_MS = 800;
/** A good frame's descriptor is asked for at most this often: enough frames to fuse, not every frame's cost. */
const DESCRIBE_EVERY_MS = 350;
/** Frames kept for a reference when the student has none (the best described ones). */
const KEPT_IMAGES = 5;
const FRAME_RETRIES = 2;

export type LiveCaptureState =
  | { phase: "idle" }
  | { phase: "starting" }
  | { phase: "running"; prompt: string; guidance: string | null; done: number; total: number; remainingMs: number; limitMs: number }
  | { phase: "finished"; passed: boolean }
  | { phase: "error"; error: unknown };

export type LiveCaptureResult = {
  proof: LivenessProof;
  /** Whether the browser saw every step done (the server checks again). */
  passed: boolean;
  /** The best good frames, best first (JPEG data URLs), for a student who has no reference yet. */
  images: string[];
  steps: ChallengeStep[];
};

type Options = {
  camera: React.RefObject<CameraHandle | null>;
  challenge: CreateChallengeBody;
  onFinished: (result: LiveCaptureResult) => void;
  /** The challenge could not be asked for or a frame could not be sent. */
  onError: (error: unknown) => void;
};

export function useLiveCapture({ camera, challenge, onFinished, onError }: Options) {
  const [state, setState] = useState<LiveCaptureState>({ phase: "idle" });
  const run = useRef(0);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const failed = useRef(onError);
  failed.current = onError;
  const request = useRef(challenge);
  request.current = challenge;

  // Closing the dialog (unmount) stops the loop.
  useEffect(() => () => void run.current++, []);

  const stop = useCallback(() => {
    run.current++;
    setState({ phase: "idle" });
  }, []);

  const start = useCallback(async () => {
    const id = ++run.current;
    const alive = () => run.current === id;
    setState({ phase: "starting" });
    try {
      const issued = await apiPost<Answer<typeof challengeSchema>>("/administrator/cap/biometric-challenge", request.current);
      const issuedAt = Date.parse(issued.issuedAt);
      const deadline = Date.parse(issued.expiresAt);
      const observations: Observation[] = [];
      const sealed: string[] = [];
      const images = new Map<number, { image: string; quality: number }>();
      let lastDescribe = 0;
      let lastGood = false;
      for (let n = 0; alive(); n++) {
        const began = Date.now();
        const image = camera.current?.capture() ?? null;
        if (!image) {
          n--;
          await sleep(100);
          continue;
        }
        const describe: boolean = lastGood && began - lastDescribe >= DESCRIBE_EVERY_MS;
        if (describe) lastDescribe = began;
        const frame = { token: issued.token, n, image, describe };
        let answer: ChallengeFrameResponse;
        try {
          answer = await withRetries(() => apiPost<ChallengeFrameResponse>("/administrator/cap/biometric-challenge/frames", frame));
        } catch (error) {
          // The challenge ran out while this frame travelled: the frames so far go to the server, which decides.
          if (!(error instanceof ApiError && error.code === LIVENESS_ERRORS.invalid && sealed.length > 0)) throw error;
          if (!alive()) return;
          setState({ phase: "finished", passed: false });
          finished.current({ proof: { token: issued.token, observations: sealed }, passed: false, images: [], steps: issued.steps });
          return;
        }
        if (!alive()) return;
        observations.push({ n, t: answer.t, face: answer.face });
        sealed.push(answer.observation);
        lastGood = answer.face?.good ?? false;
        if (answer.face?.described) images.set(n, { image, quality: answer.face.quality });
        const progress = evaluateChallenge(issued.steps, observations, issuedAt, answer.t);
        const over = progress.status !== "pending" || answer.t >= deadline - DEADLINE_MARGIN_MS;
        if (over) {
          const passed = progress.status === "passed";
          const ranked = [...images.entries()].sort(([a, p], [b, q]) => rank(progress.matchFrames, a, b) || q.quality - p.quality);
          setState({ phase: "finished", passed });
          finished.current({ proof: { token: issued.token, observations: sealed }, passed, images: ranked.slice(0, KEPT_IMAGES).map(([, v]) => v.image), steps: issued.steps });
          return;
        }
        setState({
          phase: "running",
          prompt: STEP_PROMPTS[progress.next ?? "look"],
          guidance: answer.guidance,
          done: progress.done,
          total: issued.steps.length,
          remainingMs: Math.max(0, deadline - answer.t),
          limitMs: deadline - issuedAt,
        });
        await sleep(MIN_FRAME_INTERVAL_MS - (Date.now() - began));
      }
    } catch (error) {
      if (!alive()) return;
      setState({ phase: "error", error });
      failed.current(error);
    }
  }, [camera]);

  return { state, start, stop };
}

/** The frames that decide first (in their order), then the others. */
function rank(matchFrames: number[], a: number, b: number): number {
  const ia = matchFrames.indexOf(a);
  const ib = matchFrames.indexOf(b);
  if (ia === -1 && ib === -1) return 0;
  if (ia === -1) return 1;
  if (ib === -1) return -1;
  return ia - ib;
}

async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      // A refusal (4xx: challenge over, bad image) will not change on a retry; a dropped connection may.
      if (attempt >= FRAME_RETRIES || (error instanceof ApiError && error.status < 500)) throw error;
      await sleep(200);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
