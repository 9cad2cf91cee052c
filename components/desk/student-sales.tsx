"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { receiptHref, salesQueries } from "./queries";
import { ReceiptList } from "./receipt-list";

// The chosen student's desk sales, with their receipts (the desk's 'Saldos' view).
export function StudentSales({ studentId }: { studentId: string }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(salesQueries.student(studentId));
  const sales = data?.pages.flatMap((p) => p.items) ?? [];
  if (sales.length === 0) return null;
  return (
    <Card className="mt-6 gap-2">
      <CardHeader>
        <CardTitle>Compras en la oficina</CardTitle>
      </CardHeader>
      <CardContent>
        <ReceiptList sales={sales} hrefOf={receiptHref.office} />
        <LoadMore hasMore={!!hasNextPage} isLoading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
      </CardContent>
    </Card>
  );
}
