import type { Metadata } from "next";
import { UnsubscribePage } from "@/components/notifications/unsubscribe-page";
import { getTenantInfo } from "@/lib/bff/server-data";

// Public: reached from the unsubscribe link of an e-mail (no session needed). The token must not leak onward.
export const metadata: Metadata = { title: "Darse de baja de los correos", referrer: "no-referrer", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function Page({ searchParams }: Props) {
  const { token } = await searchParams;
  return <UnsubscribePage tenant={await getTenantInfo()} token={typeof token === "string" ? token : ""} />;
}
