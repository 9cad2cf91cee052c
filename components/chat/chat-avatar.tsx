import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { roleLabel } from "@/lib/session/roles";
import { initials } from "./chat-format";

export function ChatAvatar({ name, image }: { name: string; image: string | null }) {
  return (
    <Avatar className="size-10">
      <AvatarImage src={image ?? undefined} alt="" loading="lazy" />
      <AvatarFallback aria-hidden>{initials(name)}</AvatarFallback>
    </Avatar>
  );
}

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="secondary" className="shrink-0 text-xs font-normal">
      {roleLabel(role)}
    </Badge>
  );
}
