import { QueryClient } from "@tanstack/react-query";
import type { Message } from "@/lib/contract/messaging";
import type { HeldMessages } from "./held-messages";
import { chatQueries } from "./queries";

// The live end of a conversation as the pane reads it, against a stand-in API: a paging one (the spec's array, the
// older page's position in X-Next-Cursor, ETag + 304) and a spec upstream that does not page (its whole list to every
// call, whatever the query, no header, no ETag).
const CONVERSATION = "0b6f6f3e-2c1a-4f7e-9a51-3f4c1d2e5a6b";
const msg = (n: number): Message => ({ id: `m${n}`, author: "a", body: `mensaje ${n}`, createdAt: new Date(Date.UTC(2026, 2, 7, 9, 0, n)).toISOString() });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));

type Call = { url: string; ifNoneMatch: string | null };
let calls: Call[];
let answer: (url: URL, ifNoneMatch: string | null) => Response;

beforeEach(() => {
  calls = [];
  jest.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://volante.localhost");
    const ifNoneMatch = new Headers(init?.headers).get("if-none-match");
    calls.push({ url: `${url.pathname}${url.search}`, ifNoneMatch });
    return answer(url, ifNoneMatch);
  });
});
afterEach(() => jest.restoreAllMocks());

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", ...headers } });
const path = `/api/messaging/conversations/${CONVERSATION}/messages`;

async function read(client: QueryClient): Promise<HeldMessages> {
  await client.refetchQueries({ queryKey: chatQueries.messages(CONVERSATION).queryKey, exact: true });
  return client.getQueryData<HeldMessages>(chatQueries.messages(CONVERSATION).queryKey)!;
}
const ids = (held: HeldMessages) => held.messages.map((m) => m.id);

describe("the live end of a conversation", () => {
  it("opens at the paging API's newest page, keeps the older page's position, and polls for what is newer", async () => {
    let all = range(1, 120);
    answer = (url, ifNoneMatch) => {
      const after = url.searchParams.get("after");
      if (after) {
        const tag = `"after-${after}-${all.length}"`;
        if (ifNoneMatch === tag) return new Response(null, { status: 304 });
        return json(all.slice(all.findIndex((m) => m.id === after) + 1).slice(0, 50), { etag: tag });
      }
      return json(all.slice(-50), { "x-next-cursor": all.at(-50)!.id, etag: `"newest-${all.length}"` });
    };
    const client = new QueryClient();
    await client.prefetchQuery(chatQueries.messages(CONVERSATION));
    let held = client.getQueryData<HeldMessages>(chatQueries.messages(CONVERSATION).queryKey)!;
    expect(calls.map((c) => c.url)).toEqual([path]);
    expect(ids(held)).toEqual(range(71, 120).map((m) => m.id));
    expect(held.olderCursor).toBe("m71");

    // Nothing newer: an empty page, then a 304 for the same question (its tag sent back from memory).
    held = await read(client);
    expect(calls.at(-1)).toEqual({ url: `${path}?after=m120`, ifNoneMatch: null });
    held = await read(client);
    expect(calls.at(-1)).toEqual({ url: `${path}?after=m120`, ifNoneMatch: '"after-m120-120"' });
    expect(ids(held)).toHaveLength(50);

    // Far behind: full pages are followed within the same poll.
    all = range(1, 230);
    calls = [];
    held = await read(client);
    expect(calls.map((c) => c.url)).toEqual([`${path}?after=m120`, `${path}?after=m170`, `${path}?after=m220`]);
    expect(ids(held)).toEqual(range(71, 230).map((m) => m.id));
    expect(held.olderCursor).toBe("m71");
  });

  it("holds a whole list answered without X-Next-Cursor as its one page, and merges each poll's news once", async () => {
    let all = range(1, 60);
    answer = () => json(all);
    const client = new QueryClient();
    await client.prefetchQuery(chatQueries.messages(CONVERSATION));
    let held = client.getQueryData<HeldMessages>(chatQueries.messages(CONVERSATION).queryKey)!;
    expect(ids(held)).toEqual(range(1, 60).map((m) => m.id));
    expect(held.olderCursor).toBeNull();

    // The upstream ignores `after`: its whole list again, one message more. One call, every message once.
    all = range(1, 61);
    calls = [];
    held = await read(client);
    expect(calls).toHaveLength(1);
    expect(ids(held)).toEqual(range(1, 61).map((m) => m.id));

    // A whole list of exactly a page's size looks full: one more call, which brings nothing new, ends the poll.
    const client50 = new QueryClient();
    all = range(1, 49);
    await client50.prefetchQuery(chatQueries.messages(CONVERSATION));
    all = range(1, 50);
    calls = [];
    held = await read(client50);
    expect(calls.map((c) => c.url)).toEqual([`${path}?after=m49`, `${path}?after=m50`]);
    expect(ids(held)).toEqual(range(1, 50).map((m) => m.id));
  });

  it("reads older pages from X-Next-Cursor until the API sends none", async () => {
    const all = range(1, 70);
    answer = (url) => {
      const before = url.searchParams.get("before")!;
      const end = all.findIndex((m) => m.id === before);
      const start = Math.max(0, end - 50);
      return json(all.slice(start, end), start > 0 ? { "x-next-cursor": all[start]!.id } : {});
    };
    const client = new QueryClient();
    const older = await client.fetchInfiniteQuery({ ...chatQueries.olderMessages(CONVERSATION, "m61"), pages: 3 });
    expect(calls.map((c) => c.url)).toEqual([`${path}?before=m61`, `${path}?before=m11`]);
    expect(older.pages.map((p) => p.items.length)).toEqual([50, 10]);
    expect(older.pages.at(-1)!.nextCursor).toBeNull();
  });
});
