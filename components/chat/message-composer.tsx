"use client";

import { SendHorizontal } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { MESSAGE_MAX_LENGTH } from "@/lib/contract/constants/messaging";

type Props = { onSend: (body: string) => void; isPending: boolean };

// Spec §5: empty or whitespace-only cannot be sent, text is trimmed, a send while another is pending is ignored,
// the input clears on send. Enter sends, Shift+Enter inserts a newline.
export function MessageComposer({ onSend, isPending }: Props) {
  const [text, setText] = useState("");
  const body = text.trim();
  const canSend = body.length > 0 && !isPending;
  const send = () => {
    if (!canSend) return;
    onSend(body);
    setText("");
  };
  return (
    <form
      className="flex items-end gap-2 border-t bg-background p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        placeholder="Escribe tu mensaje..."
        aria-label="Mensaje"
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        className="max-h-40 min-h-10 resize-none"
      />
      <Button type="submit" size="icon" disabled={!canSend} aria-label="Enviar">
        <SendHorizontal className="size-4" />
      </Button>
    </form>
  );
}
