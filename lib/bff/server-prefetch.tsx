import { HydrationBoundary, QueryClient, dehydrate, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { headers } from "next/headers";
import { setServerTransport } from "@/lib/api-client";
import { handleBff } from "./handler";

// A page's first view, filled on the server (issue 13): the queries its first screen shows are fetched while the page
// renders, through the same BFF handler, query keys and schemas the browser uses, and handed to the browser's query
// cache. The HTML then carries the data (no skeleton, the largest paint comes with the first one) and the browser does
// not ask again until the query is stale. A query that fails here is simply left out: the browser asks for it as before
// and shows its own loading and error states.
setServerTransport(async (url, init) => {
  // Only reads fill a first view; a change goes through the browser, its CSRF check and its toasts.
  if ((init.method ?? "GET") !== "GET") throw new Error(`A first view only reads: ${init.method} ${url}`);
  const incoming = await headers();
  const request = new Request(new URL(url, `http://${incoming.get("host") ?? "localhost"}`), {
    method: "GET",
    headers: new Headers({ ...Object.fromEntries(incoming), ...(init.headers as Record<string, string>) }),
  });
  return handleBff(request);
});

// A query's options as its domain's queries.ts builds them; only the key and the function are used here. `lighten`
// (see `lightened`) trims what the first screen does not show.
// A list read a page at a time (useInfiniteQuery) brings its paging options and fills its first page only.
type FirstViewQuery = {
  queryKey: QueryKey;
  queryFn?: unknown;
  lighten?: (data: never) => unknown;
  initialPageParam?: unknown;
  getNextPageParam?: unknown;
};

/**
 * A query whose first view carries less than its answer: `lighten` drops what only a later gesture shows (the
 * practices' signature images, ~12 kB each, shown only in a practice's dialog, were 60-100 kB of those pages' HTML).
 * The trimmed data is handed over as already stale, so the browser reads the whole answer as the page mounts.
 */
export function lightened<T, Q extends { queryKey: QueryKey; queryFn?: unknown }>(query: Q, lighten: (data: T) => T): FirstViewQuery {
  return { ...query, lighten: lighten as (data: never) => unknown };
}

export async function FirstView({ queries, children }: { queries: FirstViewQuery[]; children: React.ReactNode }) {
  // One failed read must not hold the page up with retries.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await Promise.all(
    queries.map(async (query) => {
      const { queryKey, queryFn, lighten } = query;
      if ("initialPageParam" in query) {
        await client.prefetchInfiniteQuery({
          queryKey,
          queryFn: queryFn as QueryFunction<unknown, QueryKey, unknown>,
          initialPageParam: query.initialPageParam,
          getNextPageParam: query.getNextPageParam as (last: unknown) => unknown,
        });
      } else {
        await client.prefetchQuery({ queryKey, queryFn: queryFn as QueryFunction });
      }
      const data = client.getQueryData(queryKey);
      if (lighten && data !== undefined) client.setQueryData(queryKey, lighten(data as never), { updatedAt: 0 });
    }),
  );
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
