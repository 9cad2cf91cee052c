import { Phone } from "lucide-react";
import { formatPhone, telHref } from "@/lib/format/phone";
import { cn } from "@/lib/utils";

/** A tap-to-call link for staff: the number as people read it, 44 px tall on a touch screen. */
export function PhoneLink({ phone, name, className }: { phone: string; name?: string; className?: string }) {
  return (
    <a
      href={telHref(phone)}
      aria-label={name ? `Llamar a ${name}: ${formatPhone(phone)}` : `Llamar al ${formatPhone(phone)}`}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md font-medium text-primary tabular-nums underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none touch:min-h-11 touch:px-1",
        className,
      )}
    >
      <Phone className="size-4 shrink-0" aria-hidden />
      {formatPhone(phone)}
    </a>
  );
}
