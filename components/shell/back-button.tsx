"use client";

// The browser's "back": a plain button whose classes the server computed (components/shell/not-found-view.tsx).
export function BackButton({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <button type="button" data-slot="button" className={className} onClick={() => window.history.back()}>
      {children}
    </button>
  );
}
