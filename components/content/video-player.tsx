"use client";

import { useState } from "react";
import { ViewerError } from "./content-status";

// Native player without its download control or picture-in-picture; ranges come from the API so it seeks.
export function VideoPlayer({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <ViewerError />;
  return (
    <video
      src={url}
      controls
      controlsList="nodownload noremoteplayback"
      disablePictureInPicture
      playsInline
      preload="metadata"
      data-testid="content-video"
      className="h-full max-h-[75vh] w-full bg-black object-contain"
      onError={() => setFailed(true)}
    />
  );
}
