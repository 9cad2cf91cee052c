import { NotFoundView } from "@/components/shell/not-found-view";

export default function NotFound() {
  return <NotFoundView />;
}
