"use client";

import { useQuery } from "@tanstack/react-query";
import { NotebookPen } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { useDateFormat } from "@/components/shell/use-date-format";
import { errorText } from "@/lib/api-client";
import { OFFICE_NOTE_MAX_LENGTH } from "@/lib/contract/constants/people";
import type { OfficeNote } from "@/lib/contract/people";
import { FileSection } from "./file-section";
import { noteByline } from "./note-byline";
import { officeQueries } from "./queries";
import { useOfficeNotes } from "./use-office-notes";

const EMPTY_NOTE = "Escribe la nota";
const BUTTON = "h-11 sm:h-9";

function NoteForm({ id, label, initial, submitText, isSaving, onSubmit, onCancel }: {
  id: string;
  label: string;
  initial: string;
  submitText: string;
  isSaving: boolean;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return setError(EMPTY_NOTE);
        setError(null);
        onSubmit(body.trim(), () => setBody(""));
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        maxLength={OFFICE_NOTE_MAX_LENGTH}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={isSaving}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className={BUTTON} disabled={isSaving}>
          {isSaving ? "Guardando..." : submitText}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" className={BUTTON} onClick={onCancel} disabled={isSaving}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function NoteItem({ note, studentId }: { note: OfficeNote; studentId: string }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const formats = useDateFormat();
  const mutation = useOfficeNotes(studentId);
  if (isEditing) {
    return (
      <li className="py-3">
        <NoteForm
          id={`note-${note.id}`}
          label="Editar nota"
          initial={note.body}
          submitText="Guardar nota"
          isSaving={mutation.isPending}
          onSubmit={(body) => mutation.mutate({ kind: "edit", noteId: note.id, body }, { onSuccess: () => setIsEditing(false) })}
          onCancel={() => setIsEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="space-y-2 py-3" data-testid="office-note">
      <p className="break-words whitespace-pre-line">{note.body}</p>
      <p className="text-xs text-muted-foreground">{noteByline(note, formats.dateTime)}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" className={BUTTON} onClick={() => setIsEditing(true)}>
          Editar
        </Button>
        <Button variant="outline" size="sm" className={BUTTON} onClick={() => setIsDeleting(true)}>
          Eliminar
        </Button>
      </div>
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title="¿Eliminar la nota?"
        description="La nota se borrará para toda la oficina."
        confirmText="Eliminar nota"
        variant="destructive"
        isLoading={mutation.isPending}
        onConfirm={() => mutation.mutate({ kind: "delete", noteId: note.id }, { onSettled: () => setIsDeleting(false) })}
      />
    </li>
  );
}

/** The office's private notes about a student (never shown to the student or the instructors). */
export function OfficeNotes({ studentId }: { studentId: string }) {
  const notes = useQuery(officeQueries.notes(studentId));
  const mutation = useOfficeNotes(studentId);
  return (
    <FileSection testId="student-file-notes" title="Notas de la oficina" icon={NotebookPen} empty="" isEmpty={false}>
      <p className="text-sm text-muted-foreground">Solo las ve la oficina.</p>
      <NoteForm
        id="new-office-note"
        label="Nueva nota"
        initial=""
        submitText="Añadir nota"
        isSaving={mutation.isPending}
        onSubmit={(body, reset) => mutation.mutate({ kind: "add", body }, { onSuccess: reset })}
      />
      {notes.isPending ? (
        <ListSkeleton rows={2} className="h-16" />
      ) : notes.error && !notes.data ? (
        <ErrorState message={errorText(notes.error)} />
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Todavía no hay notas.</p>
      ) : (
        <ul className="divide-y">
          {notes.data.map((n) => (
            <NoteItem key={n.id} note={n} studentId={studentId} />
          ))}
        </ul>
      )}
    </FileSection>
  );
}
