// The student's name and DNI tiled over a document or video, to deter screenshots (beyond the spec).
export function Watermark({ name, dni }: { name: string; dni: string | null }) {
  const label = dni ? `${name} · ${dni}` : name;
  return (
    <div aria-hidden data-testid="content-watermark" className="pointer-events-none absolute inset-0 z-10 overflow-hidden select-none">
      <div className="absolute -inset-1/2 grid rotate-[-30deg] grid-cols-3 content-around gap-y-24 opacity-[0.13]">
        {Array.from({ length: 24 }, (_, i) => (
          <span key={i} className="text-center text-lg font-semibold whitespace-nowrap text-foreground">
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}
