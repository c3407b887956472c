import { UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import type { SignInEmployee } from '../api/get-sign-in-employees';

interface EmployeePickerProps {
  employees: SignInEmployee[] | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  onPick: (employee: SignInEmployee) => void;
}

/** The names on the till, as large tiles: tap yours, then type your PIN. */
export function EmployeePicker({ employees, loading, error, retrying, onRetry, onPick }: EmployeePickerProps) {
  if (loading) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading employees...
      </p>
    );
  }
  if (error) {
    return (
      <div className="grid gap-4">
        <ErrorAlert title="Could not load the employees" error={error} />
        <Button variant="outline" onClick={onRetry} disabled={retrying} className="justify-self-start">
          {retrying ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    );
  }
  if (!employees || employees.length === 0) {
    return (
      <div className="grid gap-2 rounded-xl border border-dashed p-6 text-center">
        <p className="font-medium">Nobody can sign in on this till yet.</p>
        <p className="text-sm text-muted-foreground">The owner adds employees and their PINs under Employees in the back office.</p>
      </div>
    );
  }
  const withoutPin = employees.some((employee) => !employee.has_pin);
  return (
    <div className="grid gap-4">
      <ul aria-label="Employees" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {employees.map((employee) => (
          <li key={employee.id}>
            <button
              type="button"
              onClick={() => onPick(employee)}
              disabled={!employee.has_pin}
              aria-describedby={employee.has_pin ? undefined : 'employee-needs-setup'}
              className="flex min-h-16 w-full items-center gap-3 rounded-xl border bg-card px-4 py-3 text-left shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
                <UserRoundIcon className="size-5" />
              </span>
              <span className="grid min-w-0">
                <span className="truncate text-base font-semibold">{employee.full_name}</span>
                <span className="text-sm text-muted-foreground">
                  {EMPLOYEE_ROLE_LABELS[employee.role]}
                  {employee.has_pin ? null : ' · no PIN yet'}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {withoutPin ? (
        <p id="employee-needs-setup" className="text-sm text-muted-foreground">
          No PIN yet? Use the setup code from your manager on the{' '}
          <Link to="/employee-setup" className="font-medium text-foreground underline underline-offset-4">
            employee setup
          </Link>{' '}
          page.
        </p>
      ) : null}
    </div>
  );
}
