import { ChatPage } from "@/components/chat/chat-page";

export default function Page() {
  return <ChatPage />;
}
