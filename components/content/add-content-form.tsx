"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { apiPost, errorText, type Answer } from "@/lib/api-client";
import type { adminContentItemSchema, ContentType } from "@/lib/contract/content";
import { oversizeMessage } from "@/lib/contract/constants/content";
import { contentQueries } from "./queries";
import { uploadContentFile } from "./upload-file";

const ACCEPT: Record<ContentType, string> = { document: "application/pdf,.pdf", video: "video/mp4,video/webm,.mp4,.webm", iframe: "" };

/**
 * A licence's 'Añadir contenido': the form opens on demand, so the library shows its items first (on a phone, ten
 * licences' open forms were most of the page, and their elements held its first paint: issue 28). It stays open after
 * an item is added, for the next one, until 'Cancelar'.
 */
export function AddContent({ licenseId, licenseName }: { licenseId: string; licenseName: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (open) {
    return (
      <AddContentForm
        licenseId={licenseId}
        onClose={() => {
          setOpen(false);
          requestAnimationFrame(() => opener.current?.focus());
        }}
      />
    );
  }
  return (
    <Button ref={opener} variant="outline" className="self-start" aria-label={`Añadir contenido al permiso ${licenseName}`} onClick={() => setOpen(true)}>
      <Plus aria-hidden />
      Añadir contenido
    </Button>
  );
}

function AddContentForm({ licenseId, onClose }: { licenseId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const [kind, setKind] = useState<ContentType>("document");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const mutation = useMutation({
    mutationFn: () =>
      kind === "iframe"
        ? apiPost<Answer<typeof adminContentItemSchema>>("/administrator/content/iframes", { licenseId, name, url })
        : uploadContentFile({ licenseId, type: kind, name }, file!),
    onSuccess: async () => {
      toast({ title: "Contenido añadido", variant: "success" });
      setName("");
      setUrl("");
      setFile(null);
      setFormKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: contentQueries.all() });
    },
    onError: (error) => toast({ title: errorText(error), variant: "destructive" }),
  });
  // Checked before sending: a 413 half-way through a stream can reach the browser as a bare network error.
  const fileError = file && kind !== "iframe" ? oversizeMessage(kind, file.size) : null;
  const canSubmit = name.trim() !== "" && (kind === "iframe" ? url.trim() !== "" : file !== null && !fileError) && !mutation.isPending;

  return (
    <form
      key={formKey}
      className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit) mutation.mutate();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${uid}-content-kind`}>Tipo</Label>
        <NativeSelect id={`${uid}-content-kind`} autoFocus value={kind} onChange={(e) => setKind(e.target.value as ContentType)}>
          <option value="document">Documento (PDF)</option>
          <option value="video">Vídeo (MP4/WebM)</option>
          <option value="iframe">Test online (enlace)</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${uid}-content-name`}>Nombre</Label>
        <Input id={`${uid}-content-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      {kind === "iframe" ? (
        <div className="grid gap-1">
          <Label htmlFor={`${uid}-content-url`}>Dirección del test</Label>
          <Input id={`${uid}-content-url`} type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor={`${uid}-content-file`}>Archivo</Label>
          <Input
            id={`${uid}-content-file`}
            type="file"
            accept={ACCEPT[kind]}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${uid}-content-file-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {fileError ? (
            <p id={`${uid}-content-file-error`} role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          ) : null}
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={!canSubmit}>
          {mutation.isPending ? "Subiendo..." : "Añadir"}
        </Button>
        <Button type="button" variant="ghost" disabled={mutation.isPending} onClick={onClose}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
