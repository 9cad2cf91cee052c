// Plain values of the paging contract (lib/contract/paging.ts): no zod here, so the browser can use them without
// loading the schema library (issue 13).

// Lists that grow with use are read a page at a time (ARCHITECTURE.md). The body keeps the list's own shape (the
// spec's array, or the practice history's month map); the position of the next page travels beside it in this
// header, absent on the last page. An API that does not page (a spec upstream) sends no header: the client then
// holds the whole list as its one page.
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
// A capped count of a list's rows (the reservations' tabs show it): at most PAGE_COUNT_CAP + 1, shown as "1000+".
export const TOTAL_COUNT_HEADER = "X-Total-Count";
export const PAGE_COUNT_CAP = 1000;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
// The practice history pages by months of the school's calendar that have practices.
export const DEFAULT_HISTORY_MONTHS = 6;
export const MAX_HISTORY_MONTHS = 24;

export const countLabel = (total: number) => (total > PAGE_COUNT_CAP ? `${PAGE_COUNT_CAP}+` : String(total));
