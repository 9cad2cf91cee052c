export function EmptyState({ title, text, children }: { title: string; text?: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
      <p className="font-medium">{title}</p>
      {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
      {children}
    </div>
  );
}
