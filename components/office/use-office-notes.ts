"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, errorText } from "@/lib/api-client";
import { toast } from "@/components/ui/use-toast";
import { officeQueries } from "./queries";

type Change = { kind: "add"; body: string } | { kind: "edit"; noteId: string; body: string } | { kind: "delete"; noteId: string };

const DONE: Record<Change["kind"], string> = { add: "Nota añadida", edit: "Nota guardada", delete: "Nota eliminada" };

/** Adds, edits and deletes the office's notes about one student; the list is read again after each. */
export function useOfficeNotes(studentId: string) {
  const client = useQueryClient();
  const base = `/administrator/student-files/${encodeURIComponent(studentId)}/notes`;
  return useMutation({
    mutationFn: (change: Change) => {
      if (change.kind === "add") return apiPost(base, { body: change.body });
      const path = `${base}/${encodeURIComponent(change.noteId)}`;
      return change.kind === "edit" ? apiRequest(path, { method: "PUT", json: { body: change.body } }) : apiRequest(path, { method: "DELETE" });
    },
    onSuccess: (_data, change) => toast({ title: DONE[change.kind], variant: "success" }),
    onError: (error) => toast({ title: "No se pudo guardar la nota", description: errorText(error), variant: "destructive" }),
    onSettled: () => client.invalidateQueries({ queryKey: officeQueries.notes(studentId).queryKey }),
  });
}
