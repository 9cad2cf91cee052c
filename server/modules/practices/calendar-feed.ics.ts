import { createEvents, type EventAttributes } from "ics";

// The feed's events in our own shape; only this file knows the `ics` package.
export type FeedEvent = {
  uid: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  status: "CONFIRMED" | "TENTATIVE";
  url?: string | null;
};

const UID_DOMAIN = "volante.calendar";

export function renderIcs(calendarName: string, events: FeedEvent[]): string {
  const attributes: EventAttributes[] = events.map((e) => ({
    uid: `${e.uid}@${UID_DOMAIN}`,
    title: e.title,
    description: e.description,
    start: e.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: e.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    status: e.status,
    ...(e.url ? { url: e.url } : {}),
  }));
  const { error, value } = createEvents(attributes, { productId: "-//Volante//Mi calendario//ES", method: "PUBLISH", calName: calendarName });
  if (error || value === null) throw error ?? new Error("ics: empty calendar");
  return value;
}
