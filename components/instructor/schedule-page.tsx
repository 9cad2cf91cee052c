"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { localDate } from "@/lib/time/zoned-time";
import { OverridesEditor } from "./overrides-editor";
import { instructorQueries } from "./queries";
import { WeekPreview } from "./week-preview";
import { toDraft, WeeklyRulesEditor, type DraftRule } from "./weekly-rules-editor";

const rulesKey = (rules: DraftRule[]) =>
  rules
    .map((r) => `${r.weekday}|${r.start}|${r.end}`)
    .sort()
    .join();
const sameRules = (a: DraftRule[], b: DraftRule[]) => rulesKey(a) === rulesKey(b);

export function SchedulePage() {
  const { data, error, isPending } = useQuery(instructorQueries.availability());
  const saved = useMemo(() => (data ? toDraft(data.rules) : []), [data]);
  // With a first view drawn on the server (app/(app)/instructor/schedule/page.tsx) the saved rules are here at once.
  const [draft, setDraft] = useState<DraftRule[]>(saved);
  // The draft follows the server only when its rules change (first load, after saving): adding an exception
  // refetches the availability and must not throw away unsaved edits of the weekly rules.
  const savedKey = rulesKey(saved);
  useEffect(() => {
    setDraft(saved);
  }, [savedKey]); // keyed by content, not by object identity
  // The schedule's dates are the school's (its rules and exceptions are on the school's clock), so "today" is the
  // school's date: the server and the browser draw the same week whatever the device's zone.
  const timeZone = data?.timeZone;
  const today = useMemo(() => (timeZone ? localDate(Date.now(), timeZone) : null), [timeZone]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi horario</h1>
        <p className="text-muted-foreground">
          Define cuándo pueden reservar tus alumnos{data ? ` (horario de ${data.timeZone})` : ""}
        </p>
      </div>
      {isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-96" />
          <Skeleton className="h-40" />
        </div>
      ) : !data || !today ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : (
        <>
          <WeeklyRulesEditor
            draft={draft}
            onDraftChange={setDraft}
            onReset={() => setDraft(saved)}
            isDirty={!sameRules(draft, saved)}
          />
          <WeekPreview rules={draft} overrides={data.overrides} today={today} />
          <OverridesEditor overrides={data.overrides} today={today} />
        </>
      )}
    </div>
  );
}
