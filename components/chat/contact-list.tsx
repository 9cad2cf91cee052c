"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { Contact } from "@/lib/contract/messaging";
import { ChatAvatar, RoleBadge } from "./chat-avatar";
import { filterByName } from "./chat-format";
import { EmptyState } from "./empty-state";

// Spec §9: contact rows 92 px, overscan 5, initial window 20.
const ROW_HEIGHT = 92;
const INITIAL_ROWS = 20;

type Props = { contacts: Contact[]; search: string; onOpen: (contact: Contact) => void; isOpening: boolean };

export function ContactList({ contacts, search, onOpen, isOpening }: Props) {
  const shown = filterByName(contacts, search, (c) => c.name);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
    initialRect: { width: 320, height: ROW_HEIGHT * INITIAL_ROWS },
  });
  if (contacts.length === 0) return <EmptyState title="No hay contactos" text="No tienes contactos disponibles" />;
  if (shown.length === 0) return <EmptyState title="No se encontraron contactos" />;
  return (
    <div ref={parentRef} className="min-h-0 flex-1 overflow-y-auto" role="list" aria-label="Contactos">
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => {
          const contact = shown[row.index]!;
          return (
            <div key={contact.id} role="listitem" className="absolute inset-x-0" style={{ top: row.start, height: ROW_HEIGHT }}>
              <button
                type="button"
                disabled={isOpening}
                onClick={() => onOpen(contact)}
                className="flex h-full w-full items-center gap-3 border-b px-4 text-left hover:bg-accent disabled:opacity-60"
              >
                <ChatAvatar name={contact.name} image={contact.profileImage} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{contact.name}</span>
                  <RoleBadge role={contact.type} />
                </span>
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
