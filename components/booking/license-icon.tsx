import {
  BadgeCheck,
  Bus,
  Car,
  Caravan,
  Flame,
  Forklift,
  GraduationCap,
  IdCard,
  Motorbike,
  ShieldCheck,
  Truck,
  type LucideIcon,
} from "lucide-react";

// Spec §2 booking wizard: an icon chosen by licence code (codes seen in spec §3).
export function licenseIconFor(code: string): LucideIcon {
  const c = code.trim().toLowerCase();
  if (c === "b" || c === "rec-b") return Car;
  if (c === "b-e") return Caravan;
  if (["a", "a1", "a2", "am"].includes(c)) return Motorbike;
  if (/^(c|c1|c-e|rec-c)$/.test(c)) return Truck;
  if (/^(d|d1|d-e|rec-d)$/.test(c)) return Bus;
  if (c.startsWith("adr")) return Flame;
  if (c.startsWith("cap")) return GraduationCap;
  if (c.includes("conseller") || c.includes("consejero") || c.includes("seguridad")) return ShieldCheck;
  if (c.includes("carretilla")) return Forklift;
  if (c.includes("competencia")) return BadgeCheck;
  return IdCard;
}

export function LicenseIcon({ code, className }: { code: string; className?: string }) {
  const Icon = licenseIconFor(code);
  return <Icon className={className} aria-hidden data-license-icon={Icon.displayName ?? code} />;
}
