"use client";

import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { apiRequest, type Answer } from "@/lib/api-client";
import type { createdConversationSchema, messageSchema, Conversation, Message } from "@/lib/contract/messaging";
import { addSent, type HeldMessages } from "./held-messages";
import { chatQueries } from "./queries";

const sendKey = (conversationId: string) => [...chatQueries.all(), "send", conversationId] as const;

// Spec §4: the message shows at once as pending ('Enviando...') and the server's copy replaces it; a failed send
// disappears. Pending sends are drawn from the mutation's state (usePendingMessages), not written into the polled
// list, so a poll that lands while a send is in flight cannot wipe them. On success the server's message joins the
// list in the same update that ends the pending state, so it never blinks out or shows twice; the next poll (asked
// for at once) puts it in the server's order.
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  const key = chatQueries.messages(conversationId).queryKey;
  return useMutation({
    mutationKey: sendKey(conversationId),
    mutationFn: (body: string) =>
      apiRequest<Answer<typeof messageSchema>>(`/messaging/conversations/${encodeURIComponent(conversationId)}/messages`, { method: "POST", form: { body } }),
    onSuccess: (message) => {
      client.setQueryData<HeldMessages>(key, (held) => addSent(held, message));
      // Exact: the older pages under this key are history, never read again.
      void client.invalidateQueries({ queryKey: key, exact: true });
      void client.invalidateQueries({ queryKey: chatQueries.conversations().queryKey });
    },
  });
}

export function usePendingMessages(conversationId: string, myId: string | null): Message[] {
  return useMutationState({
    filters: { mutationKey: sendKey(conversationId), status: "pending" },
    select: (mutation) => ({
      id: `pending-${mutation.state.submittedAt}`,
      author: myId ?? "",
      body: String(mutation.state.variables),
      createdAt: new Date(mutation.state.submittedAt).toISOString(),
      isOptimistic: true,
    }),
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest(`/messaging/conversations/${encodeURIComponent(conversationId)}/read`, { method: "POST" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: chatQueries.conversations().queryKey });
      void client.invalidateQueries({ queryKey: chatQueries.unreadCount().queryKey });
    },
  });
}

// Spec §4: opening a contact without a conversation creates one; if that fails, an existing conversation with
// the partner is opened when there is one.
export function useOpenContact(onOpen: (conversationId: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (partnerId: string) => {
      try {
        return (await apiRequest<Answer<typeof createdConversationSchema>>(`/messaging/conversations`, { method: "POST", form: { partnerId } })).id;
      } catch (error) {
        const list = client.getQueryData<Conversation[]>(chatQueries.conversations().queryKey) ?? [];
        const existing = list.find((c) => c.partnerId === partnerId);
        if (existing) return existing.id;
        throw error;
      }
    },
    onSuccess: (id) => {
      void client.invalidateQueries({ queryKey: chatQueries.conversations().queryKey });
      onOpen(id);
    },
  });
}
