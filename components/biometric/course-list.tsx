"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { CalendarRange, Plus } from "lucide-react";

import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorText } from "@/lib/api-client";
import { formatLocalDate } from "@/lib/cap/zoned-time";
import type { CapCourse } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";

export function CourseList() {
  const { data: courses, isPending, error } = useQuery(biometricQueries.courses());

  return (
    <>
      <PageHeader
        title="Cursos CAP"
        actions={
          <Button asChild>
            <Link href="/biometric/courses/new">
              <Plus aria-hidden />
              NUEVO CURSO
            </Link>
          </Button>
        }
      />
      {error ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={3} className="h-32" />
      ) : courses.length === 0 ? (
        <EmptyState message="No hay cursos CAP" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CourseCard({ course }: { course: CapCourse }) {
  return (
    <Link
      href={`/biometric/courses/${course.id}`}
      className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-3 transition-colors hover:border-primary/60 hover:bg-accent/40">
        <CardHeader>
          <CardTitle className="text-lg leading-snug">{course.name}</CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{course.code}</Badge>
            <span>{course.sectionName}</span>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarRange className="size-4 shrink-0" aria-hidden />
          <span>
            {formatLocalDate(course.start)} - {formatLocalDate(course.end)}
          </span>
        </CardContent>
      </Card>
    </Link>
  );
}
