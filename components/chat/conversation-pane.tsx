"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import type { Conversation } from "@/lib/contract/messaging";
import { ChatAvatar, RoleBadge } from "./chat-avatar";
import { EmptyState } from "./empty-state";
import { MessageBubble } from "./message-bubble";
import { MessageComposer } from "./message-composer";
import { chatQueries } from "./queries";
import { useMarkRead, usePendingMessages, useSendMessage } from "./use-chat-actions";

type Props = { conversation: Conversation; myId: string | null; onBack: () => void };

export function ConversationPane({ conversation, myId, onBack }: Props) {
  const messages = useQuery(chatQueries.messages(conversation.id));
  const send = useSendMessage(conversation.id);
  const pending = usePendingMessages(conversation.id, myId);
  const markRead = useMarkRead();
  const { toast } = useToast();
  const endRef = useRef<HTMLLIElement>(null);
  const list = [...(messages.data ?? []), ...pending];

  // Spec §4: a conversation not yet read is marked read when opened (and when new messages arrive while open).
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (!conversation.read) markAsRead(conversation.id);
  }, [conversation.id, conversation.read, conversation.unreadCount, markAsRead]);
  // Braces matter: Chromium's scrollIntoView now returns a promise, which React would call as a cleanup.
  useEffect(() => {
    void endRef.current?.scrollIntoView({ block: "end" });
  }, [list.length, conversation.id]);

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
      {messages.isPending ? (
        <EmptyState title="Cargando..." />
      ) : list.length === 0 ? (
        <EmptyState title="No hay mensajes aún" text="Envía el primer mensaje para comenzar la conversación" />
      ) : (
        <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-4" aria-label="Mensajes">
          {list.map((m) => (
            <MessageBubble key={m.id} message={m} isOwn={m.author === myId} partnerLastReadAt={conversation.partnerLastReadAt} />
          ))}
          <li ref={endRef} aria-hidden />
        </ul>
      )}
      <MessageComposer onSend={onSend} isPending={send.isPending} />
    </section>
  );
}
