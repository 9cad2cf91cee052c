"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { receiptHref, receiptQueries } from "./queries";
import { ReceiptList } from "./receipt-list";

// 'Mi saldo': the student's payment receipts of what they bought at the office (hidden while there are none).
export function StudentReceipts() {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(receiptQueries.own());
  const sales = data?.pages.flatMap((p) => p.items) ?? [];
  if (sales.length === 0) return null;
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>Justificantes de pago</CardTitle>
      </CardHeader>
      <CardContent>
        <ReceiptList sales={sales} hrefOf={receiptHref.student} />
        <LoadMore hasMore={!!hasNextPage} isLoading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
      </CardContent>
    </Card>
  );
}
