import { Suspense } from "react";
import { PaymentPage } from "@/components/payments/payment-page";

export default function Page() {
  return (
    <Suspense>
      <PaymentPage />
    </Suspense>
  );
}
