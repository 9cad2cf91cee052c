"use client";

import SignaturePad from "signature_pad";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type Props = { id: string; label: string; error?: string; onChange: (png: string | null) => void };

// A signature drawn with the mouse, a finger or a pen (signature_pad), reported as a PNG data URL after each stroke.
export function SignatureField({ id, label, error, onChange }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current!;
    // The backing store follows the pixel ratio so strokes stay sharp; offsetWidth ignores the dialog's zoom animation.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext("2d")!.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: "#1e293b", minWidth: 0.8, maxWidth: 2.4 });
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL("image/png"));
    pad.addEventListener("endStroke", onEnd);
    padRef.current = pad;
    return () => {
      pad.removeEventListener("endStroke", onEnd);
      pad.off();
    };
  }, []);

  const onClear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          Borrar
        </Button>
      </div>
      <canvas
        id={id}
        ref={canvasRef}
        data-testid={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn("h-36 w-full touch-none rounded-md border bg-white", error && "border-destructive")}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
