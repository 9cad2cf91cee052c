"use client";

import { useQuery } from "@tanstack/react-query";
import { RotateCw, Search } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useToast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import type { Contact, Conversation } from "@/lib/contract/messaging";
import { cn } from "@/lib/utils";
import { ContactList } from "./contact-list";
import { ConversationList } from "./conversation-list";
import { ConversationPane } from "./conversation-pane";
import { EmptyState } from "./empty-state";
import { chatQueries } from "./queries";
import { useMyId } from "@/components/shell/use-session";
import { useOpenContact } from "./use-chat-actions";

type Tab = "chats" | "contacts";

const CONTACTS_LOAD_ERROR = "No se pudieron cargar los contactos";

// A conversation just created from a contact, shown until the polled list contains it.
function draftFrom(id: string, contact: Contact): Conversation {
  return { id, partnerId: contact.id, partnerName: contact.name, partnerProfileImage: contact.profileImage, type: contact.type, unreadCount: 0, read: true, partnerLastReadAt: null };
}

export function ChatPage() {
  const [tab, setTab] = useState<Tab>("chats");
  const [searches, setSearches] = useState({ chats: "", contacts: "" });
  // A notification's link opens its conversation (?conversation=<id>) or the one with a person (?user=<id>).
  const params = useSearchParams();
  const linkedUser = params.get("user");
  const [selectedId, setSelectedId] = useState<string | null>(() => params.get("conversation"));
  const hasOpenedLinkedUser = useRef(false);
  const [draft, setDraft] = useState<Conversation | null>(null);
  const myId = useMyId();
  const { toast } = useToast();
  const conversations = useQuery(chatQueries.conversations());
  const contacts = useQuery(chatQueries.contacts());
  const list = conversations.data ?? [];
  const openContact = useOpenContact((id) => setSelectedId(id));
  const selected = list.find((c) => c.id === selectedId) ?? (draft?.id === selectedId ? draft : null);
  const unreadConversations = list.filter((c) => c.unreadCount > 0).length;

  const onOpenContact = (contact: Contact) =>
    openContact.mutate(contact.id, {
      onSuccess: (id) => setDraft(draftFrom(id, contact)),
      onError: (error) => toast({ variant: "destructive", title: errorText(error, "No se pudo abrir la conversación") }),
    });

  useEffect(() => {
    if (hasOpenedLinkedUser.current || !linkedUser || !conversations.data || !contacts.data) return;
    hasOpenedLinkedUser.current = true;
    const existing = conversations.data.find((c) => c.partnerId === linkedUser);
    if (existing) return setSelectedId(existing.id);
    const contact = contacts.data.find((c) => c.id === linkedUser);
    if (contact) onOpenContact(contact);
  }, [linkedUser, conversations.data, contacts.data]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when both lists are in

  return (
    <div className="flex h-full min-h-0">
      <aside className={cn("flex min-h-0 w-full flex-col border-r md:w-80 lg:w-96", selected && "hidden md:flex")}>
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="flex min-h-0 flex-1 flex-col gap-0">
          <div className="space-y-3 border-b p-3">
            <TabsList className="w-full">
              <TabsTrigger value="chats">
                Chats{unreadConversations > 0 ? <Badge className="rounded-full px-1.5">{unreadConversations}</Badge> : null}
              </TabsTrigger>
              <TabsTrigger value="contacts">
                Contactos<Badge variant="secondary" className="rounded-full px-1.5">{contacts.data?.length ?? 0}</Badge>
              </TabsTrigger>
            </TabsList>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                className="pl-9"
                value={searches[tab]}
                onChange={(e) => setSearches((s) => ({ ...s, [tab]: e.target.value }))}
                placeholder={tab === "chats" ? "Buscar conversaciones..." : "Buscar contactos..."}
                aria-label={tab === "chats" ? "Buscar conversaciones" : "Buscar contactos"}
              />
            </div>
          </div>
          <TabsContent value="chats" className="flex min-h-0 flex-col data-[state=inactive]:hidden">
            {conversations.isPending ? (
              <EmptyState title="Cargando..." />
            ) : conversations.isError && !conversations.data ? (
              <EmptyState title="No se pudieron cargar las conversaciones" text={errorText(conversations.error)} />
            ) : (
              <ConversationList conversations={list} search={searches.chats} selectedId={selectedId} onSelect={setSelectedId} onNew={() => setTab("contacts")} />
            )}
          </TabsContent>
          <TabsContent value="contacts" className="flex min-h-0 flex-col data-[state=inactive]:hidden">
            {contacts.isPending ? (
              <EmptyState title="Cargando..." />
            ) : contacts.isError && !contacts.data ? (
              // The spec has no wording for this; a failed load must not read as "you have no contacts".
              <EmptyState title={CONTACTS_LOAD_ERROR} text={errorText(contacts.error)}>
                <Button variant="outline" size="sm" onClick={() => void contacts.refetch()} disabled={contacts.isFetching}>
                  <RotateCw className={cn("size-4", contacts.isFetching && "animate-spin")} aria-hidden />
                  Reintentar
                </Button>
              </EmptyState>
            ) : (
              <ContactList contacts={contacts.data ?? []} search={searches.contacts} onOpen={onOpenContact} isOpening={openContact.isPending} />
            )}
          </TabsContent>
        </Tabs>
      </aside>
      <div className={cn("min-h-0 flex-1 flex-col", selected ? "flex" : "hidden md:flex")}>
        {selected ? (
          <ConversationPane key={selected.id} conversation={selected} myId={myId} onBack={() => setSelectedId(null)} />
        ) : (
          <EmptyState title="Selecciona una conversación" text="Elige una conversación de la lista para comenzar a chatear" />
        )}
      </div>
    </div>
  );
}
