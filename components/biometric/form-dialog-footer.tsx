import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { errorText } from "@/lib/api-client";

type FormDialogFooterProps = {
  error: unknown;
  isPending: boolean;
  submitText: string;
  pendingText: string;
  onCancel: () => void;
};

// The end of every CAP form dialog: the server's error, 'Cancelar' and the submit button with its pending text.
export function FormDialogFooter({ error, isPending, submitText, pendingText, onCancel }: FormDialogFooterProps) {
  return (
    <>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingText : submitText}
        </Button>
      </DialogFooter>
    </>
  );
}
