import { Info } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

// A school without Stripe keys: card top-up is switched off, said politely.
export function ChargesDisabledNotice() {
  return (
    <Alert>
      <Info aria-hidden />
      <AlertTitle>El pago con tarjeta no está disponible</AlertTitle>
      <AlertDescription>
        <p>Tu autoescuela todavía no acepta recargas con tarjeta desde la aplicación. Puedes recargar tu saldo en la oficina.</p>
        <Link href="/student/balance/history" className="font-medium text-primary underline-offset-4 hover:underline">
          Volver a Mi saldo
        </Link>
      </AlertDescription>
    </Alert>
  );
}
