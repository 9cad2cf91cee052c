"use client";

import * as React from "react";
import Webcam from "react-webcam";

import { cn } from "@/lib/utils";

export type CameraHandle = {
  /** The current frame as a JPEG data URL, at the size the camera delivers, or shrunk to at most `maxWidth` wide. */
  capture: (maxWidth?: number) => string | null;
};

export type CameraProps = {
  handleRef: React.RefObject<CameraHandle | null>;
  width: number;
  height: number;
  facingMode?: "user" | "environment";
  onReady?: () => void;
  onError?: (error: string | DOMException) => void;
  className?: string;
};

// react-webcam is imported only here; the dialogs load this file through `lazy-camera.tsx` (client only).
// Captures are always JPEG: the API takes 'data:image/jpeg;base64,…' (spec §9).
export function Camera({ handleRef, width, height, facingMode = "user", onReady, onError, className }: CameraProps) {
  const webcamRef = React.useRef<Webcam>(null);

  React.useImperativeHandle(
    handleRef,
    // The frame at the size the camera really delivers: width and height are only the size asked of the camera, and
    // drawing a 4:3 stream into 16:9 would stretch the face (the descriptor then moves ~0.07 away from the person).
    () => ({ capture: (maxWidth?: number) => grabFrame(webcamRef.current?.video ?? null, maxWidth) }),
    [],
  );

  // The stream arrives before its first frame; a screenshot before the video has data is null. Ready means
  // the video element can already show a frame.
  const onUserMedia = React.useCallback(() => {
    const video = webcamRef.current?.video;
    if (!video || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return onReady?.();
    video.addEventListener("loadeddata", () => onReady?.(), { once: true });
  }, [onReady]);

  return (
    <Webcam
      ref={webcamRef}
      audio={false}
      mirrored={false}
      screenshotFormat="image/jpeg"
      screenshotQuality={0.92}
      forceScreenshotSourceSize
      videoConstraints={{ width, height, facingMode }}
      onUserMedia={onUserMedia}
      onUserMediaError={(error) => onError?.(error)}
      className={cn("aspect-[4/3] w-full rounded-md bg-black object-cover", className)}
      data-testid="camera"
    />
  );
}

const JPEG_QUALITY = 0.92;

/** Draws the video's current frame, aspect kept, into a canvas and encodes it as JPEG; null before the first frame. */
function grabFrame(video: HTMLVideoElement | null, maxWidth?: number): string | null {
  if (!video || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return null;
  const scale = maxWidth && video.videoWidth > maxWidth ? maxWidth / video.videoWidth : 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", JPEG_QUALITY);
}
