import { deskQueries } from "@/components/balance/queries";
import { DeskPage } from "@/components/desk/desk-page";
import { FirstView } from "@/lib/bff/server-prefetch";

// 'Caja y saldos'. The student list is the first view: drawn as a skeleton, it grew when the list came and pushed the
// panel below it down on a phone (CLS 0.073). The chosen student's panel, the sales and the cash report stay the
// browser's reads. No Suspense boundary around the desk's useSearchParams: the page is rendered per request, so the
// server has the query string and draws the desk in the first HTML instead of streaming it after the shell.
export default function AdministratorBalancesPage() {
  return (
    <FirstView queries={[deskQueries.students("")]}>
      <DeskPage />
    </FirstView>
  );
}
