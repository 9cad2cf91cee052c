import { Check, CheckCheck } from "lucide-react";
import type { Message } from "@/lib/contract/messaging";
import { cn } from "@/lib/utils";
import { isReadByPartner, messageTime } from "./chat-format";

type Props = { message: Message; isOwn: boolean; partnerLastReadAt: string | null; actedByText?: string | null };

// The body is rendered as a React text node: markup a person types stays text.
export function MessageBubble({ message, isOwn, partnerLastReadAt, actedByText = null }: Props) {
  const isRead = isOwn && !message.isOptimistic && isReadByPartner(message.createdAt, partnerLastReadAt);
  return (
    <li className={cn("flex flex-col", isOwn ? "items-end" : "items-start")} data-testid="chat-message" data-own={isOwn}>
      <div className={cn("max-w-[80%] rounded-2xl px-3 py-2 shadow-sm", isOwn ? "bg-primary text-primary-foreground" : "bg-muted")}>
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        <p className={cn("mt-1 flex items-center justify-end gap-1 text-[11px]", isOwn ? "text-primary-foreground" : "text-muted-foreground")}>
          {message.isOptimistic ? (
            <span>Enviando...</span>
          ) : (
            <>
              <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
              {isOwn ? (
                isRead ? (
                  <CheckCheck className="size-3.5" aria-label="Leído" role="img" />
                ) : (
                  <Check className="size-3.5" aria-label="Enviado" role="img" />
                )
              ) : null}
            </>
          )}
        </p>
      </div>
      {actedByText ? <p className="mt-0.5 max-w-[80%] px-1 text-[11px] text-muted-foreground italic">{actedByText}</p> : null}
    </li>
  );
}
