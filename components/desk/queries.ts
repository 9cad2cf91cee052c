import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type { cashReportSchema, officeContactSchema, saleListSchema, schoolDetailsSchema } from "@/lib/contract/sales";
import type { productListSchema } from "@/lib/contract/shop";

// Desk sales, receipts, the cash report and the school's details (issue 31 §3).
export const salesQueries = {
  all: () => ["desk-sales"] as const,
  products: () =>
    queryOptions({
      queryKey: [...salesQueries.all(), "products"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof productListSchema>>("/administrator/sales/products", signal),
      staleTime: 5 * 60_000,
    }),
  // One school day's sales, newest first, a page at a time ('Cargar más').
  day: (date: string) =>
    infiniteQueryOptions({
      queryKey: [...salesQueries.all(), "day", date] as const,
      queryFn: ({ signal, pageParam }) => apiGetPage<Answer<typeof saleListSchema>>(pagePath("/administrator/sales", { date }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  report: (date: string) =>
    queryOptions({
      queryKey: [...salesQueries.all(), "report", date] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof cashReportSchema>>(`/administrator/sales/report?date=${encodeURIComponent(date)}`, signal),
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  // A student's sales, any day (the desk's student panel).
  student: (studentId: string) =>
    infiniteQueryOptions({
      queryKey: [...salesQueries.all(), "student", studentId] as const,
      queryFn: ({ signal, pageParam }) => apiGetPage<Answer<typeof saleListSchema>>(pagePath("/administrator/sales", { studentId }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 15_000,
    }),
};

export const schoolQueries = {
  details: () =>
    queryOptions({
      queryKey: ["school-details"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof schoolDetailsSchema>>("/administrator/school-details", signal),
      staleTime: 60_000,
    }),
  officeContact: () =>
    queryOptions({
      queryKey: ["office-contact"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof officeContactSchema>>("/student/office-contact", signal),
      staleTime: 5 * 60_000,
    }),
};

// The student's own receipts ('Mi saldo').
export const receiptQueries = {
  own: () =>
    infiniteQueryOptions({
      queryKey: ["receipts", "own"] as const,
      queryFn: ({ signal, pageParam }) => apiGetPage<Answer<typeof saleListSchema>>(pagePath("/student/receipts", {}, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      staleTime: 30_000,
    }),
};

export const receiptHref = {
  office: (saleId: string) => `/api/administrator/sales/${encodeURIComponent(saleId)}/receipt`,
  student: (saleId: string) => `/api/student/receipts/${encodeURIComponent(saleId)}`,
};
