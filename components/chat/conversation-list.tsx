"use client";

import { MessageSquarePlus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Conversation } from "@/lib/contract/messaging";
import { cn } from "@/lib/utils";
import { ChatAvatar, RoleBadge } from "./chat-avatar";
import { filterByName, unreadBadge, unreadText } from "./chat-format";
import { EmptyState } from "./empty-state";

type Props = {
  conversations: Conversation[];
  search: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
};

export function ConversationList({ conversations, search, selectedId, onSelect, onNew }: Props) {
  const shown = filterByName(conversations, search, (c) => c.partnerName);
  if (conversations.length === 0) {
    return (
      <EmptyState title="No tienes conversaciones aún">
        <Button size="sm" onClick={onNew}>
          <MessageSquarePlus className="size-4" /> Nueva conversación
        </Button>
      </EmptyState>
    );
  }
  if (shown.length === 0) return <EmptyState title="No se encontraron conversaciones" text="Intenta con otro término de búsqueda" />;
  return (
    <ul className="flex-1 overflow-y-auto" aria-label="Conversaciones">
      {shown.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onSelect(c.id)}
            aria-current={c.id === selectedId ? "true" : undefined}
            className={cn("flex w-full items-center gap-3 border-b px-4 py-3 text-left hover:bg-accent", c.id === selectedId && "bg-accent")}
          >
            <ChatAvatar name={c.partnerName} image={c.partnerProfileImage} />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className={cn("truncate", c.unreadCount > 0 && "font-semibold")}>{c.partnerName}</span>
                <RoleBadge role={c.type} />
              </span>
              {c.unreadCount > 0 ? <span className="text-xs text-primary">{unreadText(c.unreadCount)}</span> : null}
            </span>
            {c.unreadCount > 0 ? (
              <Badge className="rounded-full" aria-label={unreadText(c.unreadCount)}>
                {unreadBadge(c.unreadCount)}
              </Badge>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
