import { TillScreen } from '@/components/till-screen';
import { EmployeeSetupFormCard } from '@/features/employee-sessions/components/employee-setup-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /employee-setup (SPEC §2): an employee chooses their PIN with the one-time code from their manager. */
export function EmployeeSetupRoute() {
  useDocumentTitle('Employee setup');
  return (
    <TillScreen title="Employee setup" intro="Choose the PIN you will sign in with on the till." businessName={null}>
      <div className="w-full max-w-md">
        <EmployeeSetupFormCard />
      </div>
    </TillScreen>
  );
}
