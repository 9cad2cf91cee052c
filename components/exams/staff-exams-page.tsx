"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PageHeader } from "@/components/shell/page-header";
import type { StaffExamScope } from "@/lib/contract/exams";
import { errorText } from "@/lib/api-client";
import { CreateExamDialog } from "./create-exam-dialog";
import { StaffExamCard } from "./staff-exam-card";
import { examQueries, type StaffArea } from "./queries";

const SUBTITLE: Record<StaffArea, string> = {
  administrator: "Convocatorias de examen de la DGT, plazas, inscripciones, listas de reserva y resultados",
  instructor: "Convocatorias de examen de tus alumnos: inscripciones, reservas y resultados",
};

// The school's side of exams (not shown in the spec): docs/decisions/exams.md.
export function StaffExamsPage({ area }: { area: StaffArea }) {
  const [scope, setScope] = useState<StaffExamScope>("upcoming");
  const [isCreating, setIsCreating] = useState(false);
  const { data, error, isPending } = useQuery(examQueries.staff(area, scope));
  const list = isPending ? (
    <Skeleton className="h-64 w-full" />
  ) : error && !data ? (
    <Alert variant="destructive">
      <AlertDescription>{errorText(error)}</AlertDescription>
    </Alert>
  ) : data.length === 0 ? (
    <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
      {scope === "upcoming" ? "No hay exámenes disponibles" : "No hay exámenes celebrados"}
    </p>
  ) : (
    <div className="space-y-4">
      {data.map((exam) => (
        <StaffExamCard key={exam.id} area={area} exam={exam} />
      ))}
    </div>
  );
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Exámenes"
        subtitle={SUBTITLE[area]}
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden /> Nueva convocatoria
          </Button>
        }
      />
      {/* A panel per tab: each tab's aria-controls names an element that exists; only the selected one renders. */}
      <Tabs value={scope} onValueChange={(v) => setScope(v as StaffExamScope)} className="gap-4">
        <TabsList>
          <TabsTrigger value="upcoming">Próximas</TabsTrigger>
          <TabsTrigger value="past">Celebradas</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">{list}</TabsContent>
        <TabsContent value="past">{list}</TabsContent>
      </Tabs>
      <CreateExamDialog area={area} open={isCreating} onOpenChange={setIsCreating} />
    </div>
  );
}
