"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarRange, Hash } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorText } from "@/lib/api-client";
import { formatLocalDate } from "@/lib/cap/zoned-time";
import { BackHeader } from "./back-header";
import { CourseEnrollmentsTab } from "./course-enrollments-tab";
import { CourseSessionsTab } from "./course-sessions-tab";
import { biometricQueries, isNotFound } from "./queries";
import { ErrorState, ListSkeleton, NotFoundState } from "@/components/ui/states";

type Tab = "sessions" | "enrollments";

export function CourseDetail({ courseId }: { courseId: string }) {
  const course = useQuery(biometricQueries.course(courseId));
  const enrollments = useQuery(biometricQueries.enrollments(courseId));
  const [tab, setTab] = useState<Tab | null>(null);
  // Spec §2: a course without enrolments opens on the enrolments tab; chosen once, when they first load.
  if (tab === null && (enrollments.data || enrollments.error)) {
    setTab(enrollments.data?.length === 0 ? "enrollments" : "sessions");
  }

  if (isNotFound(course.error)) {
    return <NotFoundState message="Curso no encontrado" backHref="/biometric" backLabel="Volver a los cursos" />;
  }
  if (course.error) return <ErrorState message={errorText(course.error)} />;
  if (course.isPending || tab === null) {
    return (
      <div className="grid gap-6">
        <Skeleton className="h-12 w-2/3" />
        <ListSkeleton rows={3} />
      </div>
    );
  }

  const data = course.data;
  const enrolled = enrollments.data ?? [];

  return (
    <>
      <BackHeader
        backHref="/biometric"
        backLabel="Volver a los cursos"
        title={data.name}
        subtitle={
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <span className="flex items-center gap-1.5">
              <Hash className="size-4" aria-hidden />
              <span className="sr-only">Código:</span>
              {data.code}
            </span>
            <span className="flex items-center gap-1.5">
              <Building2 className="size-4" aria-hidden />
              {data.sectionName}
            </span>
            <span className="flex items-center gap-1.5">
              <CalendarRange className="size-4" aria-hidden />
              {formatLocalDate(data.start)} - {formatLocalDate(data.end)}
            </span>
          </span>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="sessions">Sesiones</TabsTrigger>
          <TabsTrigger value="enrollments">Alumnos inscritos</TabsTrigger>
        </TabsList>
        <TabsContent value="sessions">
          <CourseSessionsTab course={data} enrolledCount={enrolled.length} />
        </TabsContent>
        <TabsContent value="enrollments">
          <CourseEnrollmentsTab courseId={courseId} enrollments={enrollments} />
        </TabsContent>
      </Tabs>
    </>
  );
}
