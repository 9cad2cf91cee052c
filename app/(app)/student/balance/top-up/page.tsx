import { Suspense } from "react";
import { TopUpPage } from "@/components/payments/top-up-page";

export default function Page() {
  return (
    <Suspense>
      <TopUpPage />
    </Suspense>
  );
}
