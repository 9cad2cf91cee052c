"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { timeZoneName } from "@/lib/format/time-zone";
import { useSchoolToday } from "@/components/shell/use-time-zone";
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
  // The draft follows the server only when its rules change (first load, after saving): adding an exception
  // refetches the availability and must not throw away unsaved edits of the weekly rules. Keyed by content, and
  // adjusted while rendering, so a first view drawn on the server starts with its saved rules.
  const savedKey = rulesKey(saved);
  const [draft, setDraft] = useState({ of: savedKey, rules: saved });
  if (draft.of !== savedKey) setDraft({ of: savedKey, rules: saved });
  const setRules = (rules: DraftRule[]) => setDraft({ of: savedKey, rules });
  // The schedule's rules and exceptions are on the school's clock, and so is the week the page opens on.
  const today = useSchoolToday();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi horario</h1>
        <p className="text-muted-foreground">
          Define cuándo pueden reservar tus alumnos{data ? ` (${timeZoneName(data.timeZone)})` : ""}
        </p>
      </div>
      {isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-96" />
          <Skeleton className="h-40" />
        </div>
      ) : !data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : (
        <>
          <WeeklyRulesEditor
            draft={draft.rules}
            onDraftChange={setRules}
            onReset={() => setRules(saved)}
            isDirty={!sameRules(draft.rules, saved)}
          />
          <WeekPreview rules={draft.rules} overrides={data.overrides} today={today} />
          <OverridesEditor overrides={data.overrides} today={today} />
        </>
      )}
    </div>
  );
}
