import { QuickbooksPage } from '@/features/quickbooks/components/quickbooks-page';

/** /quickbooks (SPEC §2: feature quickbooks_integration, guarded by the route table; SPEC §6 reports checked by the server). */
export function QuickbooksRoute() {
  return <QuickbooksPage />;
}
