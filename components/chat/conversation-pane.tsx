"use client";

import { ArrowLeft } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import type { Conversation } from "@/lib/contract/messaging";
import { ChatAvatar, RoleBadge } from "./chat-avatar";
import { actedByText } from "./chat-format";
import { EmptyState } from "./empty-state";
import { MessageBubble } from "./message-bubble";
import { MessageComposer } from "./message-composer";
import { useConversationMessages } from "./use-conversation-messages";
import { useMarkRead, useSendMessage } from "./use-chat-actions";

type Props = { conversation: Conversation; myId: string | null; onBack: () => void };

// Older pages load when the list is scrolled within this distance of its top; "at the bottom" is within NEAR_BOTTOM.
const NEAR_TOP = 150;
const NEAR_BOTTOM = 80;

export function ConversationPane({ conversation, myId, onBack }: Props) {
  const chat = useConversationMessages(conversation.id, myId);
  const send = useSendMessage(conversation.id);
  const markRead = useMarkRead();
  const { toast } = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  // Where the list stood before older messages were put above it, to keep the same messages in view.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const isAtBottom = useRef(true);
  const list = chat.messages;
  const last = list.at(-1);

  // Spec §4: a conversation not yet read is marked read when opened (and when new messages arrive while open).
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (!conversation.read) markAsRead(conversation.id);
  }, [conversation.id, conversation.read, conversation.unreadCount, markAsRead]);

  // Scrolling does not retry a failed load; 'Reintentar' does.
  const loadOlder = (isRetry = false) => {
    const el = listRef.current;
    if (!el || (chat.olderError && !isRetry)) return;
    const top = el.scrollTop;
    const height = el.scrollHeight;
    if (chat.loadOlder()) anchor.current = { height, top };
  };

  // Older messages went in above: what was in view stays in view.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !anchor.current) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [chat.olderPageCount]);

  // A new last message (one's own, or anyone's while reading the end) scrolls to it; reading history is left alone.
  // Braces matter: Chromium's scrollIntoView now returns a promise, which React would call as a cleanup.
  useEffect(() => {
    if (isAtBottom.current || last?.author === myId) {
      void endRef.current?.scrollIntoView({ block: "end" });
    }
  }, [last?.id, last?.author, myId, conversation.id]);

  // A newest page too short to scroll cannot be scrolled up: the older ones load straight away.
  useEffect(() => {
    const el = listRef.current;
    if (el && chat.hasOlder && el.scrollHeight <= el.clientHeight) loadOlder();
  });

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    if (el.scrollTop < NEAR_TOP) loadOlder();
  };

  const onSend = (body: string) =>
    send.mutate(body, { onError: (error) => toast({ variant: "destructive", title: errorText(error, "No se pudo enviar el mensaje") }) });

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`Conversación con ${conversation.partnerName}`}>
      <header className="flex items-center gap-3 border-b px-4 py-3">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Volver">
          <ArrowLeft className="size-5" />
        </Button>
        <ChatAvatar name={conversation.partnerName} image={conversation.partnerProfileImage} />
        <h2 className="truncate font-semibold">{conversation.partnerName}</h2>
        <RoleBadge role={conversation.type} />
      </header>
      {chat.isPending ? (
        <EmptyState title="Cargando..." />
      ) : list.length === 0 ? (
        <EmptyState title="No hay mensajes aún" text="Envía el primer mensaje para comenzar la conversación" />
      ) : (
        <ul ref={listRef} onScroll={onScroll} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-4" aria-label="Mensajes">
          {chat.isLoadingOlder ? (
            <li role="status" className="py-1 text-center text-xs text-muted-foreground">
              Cargando mensajes anteriores…
            </li>
          ) : chat.olderError ? (
            <li className="flex items-center justify-center gap-2 py-1 text-xs text-muted-foreground">
              No se pudieron cargar los mensajes anteriores
              <Button variant="outline" size="sm" onClick={() => loadOlder(true)}>
                Reintentar
              </Button>
            </li>
          ) : null}
          {list.map((m) => {
            const isOwn = m.author === myId;
            return (
              <MessageBubble
                key={m.id}
                message={m}
                isOwn={isOwn}
                partnerLastReadAt={conversation.partnerLastReadAt}
                actedByText={actedByText(m, isOwn, conversation.partnerName)}
              />
            );
          })}
          <li ref={endRef} aria-hidden />
        </ul>
      )}
      <MessageComposer onSend={onSend} isPending={send.isPending} />
    </section>
  );
}
