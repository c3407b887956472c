import { BarChart3Icon, KeyRoundIcon, PencilIcon, PlusIcon, UserXIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import { useCreateEmployee } from '../api/create-employee';
import { useDeactivateEmployee } from '../api/deactivate-employee';
import { useEmployees } from '../api/get-employees';
import { useIssueSetupCode } from '../api/issue-setup-code';
import type { Employee, SetupCode } from '../api/types';
import { useUpdateEmployee } from '../api/update-employee';
import { toCreateInput, toUpdatePatch, type EmployeeFormValues } from '../utils/employee-form';
import { DeactivateDialog } from './deactivate-dialog';
import { EmployeeFormDialog } from './employee-form-dialog';
import { SetupCodeDialog } from './setup-code-dialog';

interface EmployeesPageProps {
  /** SPEC §3 can_add_employees: add, edit, new setup codes. */
  canAdd: boolean;
  /** SPEC §3 can_kick_employees: deactivate. */
  canKick: boolean;
  /** The business's time zone, for lock and expiry times. */
  timeZone: string;
  /** An employee's performance card, given by the route to those who may see it (issue 20 item 10). */
  performanceOf?: ((employee: { id: string; name: string }) => ReactNode) | undefined;
}

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; employee: Employee };

function PinStatus({ employee, formatInstant }: { employee: Employee; formatInstant: (iso: string) => string }) {
  if (employee.pin_locked_until) return <Badge variant="destructive">PIN locked until {formatInstant(employee.pin_locked_until)}</Badge>;
  if (employee.has_pin) return <Badge variant="success">PIN set</Badge>;
  if (employee.setup_code_expires_at) return <Badge variant="warning">Setup code waiting</Badge>;
  return <Badge variant="outline">No PIN</Badge>;
}

/** /employees: the team, their roles and how they sign in. PINs are never shown, only whether there is one. */
export function EmployeesPage({ canAdd, canKick, timeZone, performanceOf }: EmployeesPageProps) {
  const employees = useEmployees();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const deactivate = useDeactivateEmployee();
  const issueCode = useIssueSetupCode();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [toDeactivate, setToDeactivate] = useState<Employee | null>(null);
  const [shownCode, setShownCode] = useState<{ name: string; code: SetupCode } | null>(null);
  const [performanceShown, setPerformanceShown] = useState<string | null>(null);

  const formatInstant = (iso: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

  const openForm = (next: FormState) => {
    create.reset();
    update.reset();
    setFormKey((key) => key + 1);
    setForm(next);
  };

  const onSubmit = (values: EmployeeFormValues) => {
    if (form.mode === 'add') {
      create.mutate(toCreateInput(values), {
        onSuccess: ({ employee, setup_code }) => {
          setForm({ mode: 'closed' });
          toast.success(`${employee.full_name} added`);
          if (setup_code) setShownCode({ name: employee.full_name, code: setup_code });
        },
      });
    } else if (form.mode === 'edit') {
      const patch = toUpdatePatch(form.employee, values);
      if (Object.keys(patch).length === 0) {
        setForm({ mode: 'closed' });
        return;
      }
      update.mutate(
        { id: form.employee.id, patch },
        {
          onSuccess: ({ employee }) => {
            setForm({ mode: 'closed' });
            toast.success(`${employee.full_name} saved`);
          },
        },
      );
    }
  };

  const onNewCode = (employee: Employee) => {
    issueCode.mutate(employee.id, {
      onSuccess: ({ setup_code }) => setShownCode({ name: employee.full_name, code: setup_code }),
      onError: (error) => toast.error('No setup code was issued', { description: error.message }),
    });
  };

  const list = employees.data?.pages.flatMap((page) => page.employees) ?? [];
  const addButton = canAdd ? (
    <Button onClick={() => openForm({ mode: 'add' })}>
      <PlusIcon aria-hidden="true" />
      Add employee
    </Button>
  ) : null;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Employees"
        description="Your team, their roles and what they may do. They sign in on the till with a PIN, which is never shown here."
        actions={addButton}
      />

      {employees.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading employees...
        </p>
      ) : employees.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title="Could not load the employees" error={employees.error} />
          <Button variant="outline" onClick={() => void employees.refetch()} disabled={employees.isFetching} className="justify-self-start">
            {employees.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6">
          <p className="font-medium">No employees yet.</p>
          <p className="text-muted-foreground">Add the people who work the till, so each signs in with their own PIN and their hours are kept.</p>
          {addButton}
        </div>
      ) : (
        <ul aria-label="Employees" className="divide-y rounded-xl border bg-card">
          {list.map((employee) => {
            const isOwner = employee.role === 'business_owner';
            return (
              <li key={employee.id} aria-label={employee.full_name} className="grid gap-3 p-4">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="grid min-w-0 gap-1.5">
                    <div className="min-w-0">
                      <p className={employee.is_active ? 'font-semibold' : 'font-semibold text-muted-foreground line-through'}>
                        {employee.full_name}
                      </p>
                      {employee.email ? <p className="truncate text-sm text-muted-foreground">{employee.email}</p> : null}
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge variant="outline">{EMPLOYEE_ROLE_LABELS[employee.role]}</Badge>
                      {employee.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
                      <PinStatus employee={employee} formatInstant={formatInstant} />
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    {performanceOf ? (
                      <Button
                        variant="outline"
                        aria-expanded={performanceShown === employee.id}
                        aria-label={`Performance of ${employee.full_name}`}
                        onClick={() => setPerformanceShown((shown) => (shown === employee.id ? null : employee.id))}
                      >
                        <BarChart3Icon aria-hidden="true" />
                        Performance
                      </Button>
                    ) : null}
                    {employee.is_active ? (
                      <>
                        {canAdd ? (
                          <Button variant="outline" onClick={() => openForm({ mode: 'edit', employee })} aria-label={`Edit ${employee.full_name}`}>
                            <PencilIcon aria-hidden="true" />
                            Edit
                          </Button>
                        ) : null}
                        {canAdd ? (
                          <Button
                            variant="outline"
                            onClick={() => onNewCode(employee)}
                            disabled={issueCode.isPending}
                            aria-label={`New setup code for ${employee.full_name}`}
                          >
                            <KeyRoundIcon aria-hidden="true" />
                            New setup code
                          </Button>
                        ) : null}
                        {canKick && !isOwner ? (
                          <Button
                            variant="outline"
                            className="text-red-700 hover:text-red-800"
                            onClick={() => {
                              deactivate.reset();
                              setToDeactivate(employee);
                            }}
                            aria-label={`Deactivate ${employee.full_name}`}
                          >
                            <UserXIcon aria-hidden="true" />
                            Deactivate
                          </Button>
                        ) : null}
                      </>
                    ) : null}
                  </div>
                </div>
                {performanceOf && performanceShown === employee.id ? performanceOf({ id: employee.id, name: employee.full_name }) : null}
              </li>
            );
          })}
        </ul>
      )}

      {employees.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" onClick={() => void employees.fetchNextPage()} disabled={employees.isFetchingNextPage}>
          {employees.isFetchingNextPage ? 'Loading...' : 'Show more employees'}
        </Button>
      ) : null}

      {form.mode !== 'closed' ? (
        <EmployeeFormDialog
          key={formKey}
          open
          onOpenChange={(open) => (open ? undefined : setForm({ mode: 'closed' }))}
          employee={form.mode === 'edit' ? form.employee : null}
          pending={create.isPending || update.isPending}
          error={form.mode === 'add' ? create.error : update.error}
          onSubmit={onSubmit}
        />
      ) : null}

      <DeactivateDialog
        employee={toDeactivate}
        pending={deactivate.isPending}
        error={deactivate.error}
        onCancel={() => setToDeactivate(null)}
        onConfirm={() => {
          if (!toDeactivate) return;
          deactivate.mutate(toDeactivate.id, {
            onSuccess: ({ employee }) => {
              setToDeactivate(null);
              toast.success(`${employee.full_name} deactivated`);
            },
          });
        }}
      />

      <SetupCodeDialog
        employeeName={shownCode?.name ?? ''}
        setupCode={shownCode?.code ?? null}
        onClose={() => setShownCode(null)}
        formatInstant={formatInstant}
      />
    </div>
  );
}
