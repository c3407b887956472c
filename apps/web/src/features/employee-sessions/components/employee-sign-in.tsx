import { CircleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import type { StoredEmployeeSession } from '@/lib/employee-session';
import { useSignInEmployees, type SignInEmployee } from '../api/get-sign-in-employees';
import { useSignInEmployee } from '../api/sign-in-employee';
import { signInErrorView } from '../utils/sign-in-error';
import { EmployeePicker } from './employee-picker';
import { PinPad } from './pin-pad';

interface EmployeeSignInProps {
  onSignedIn: (session: StoredEmployeeSession) => void;
}

/** Employee sign-in on a device whose account is signed in: pick your name, type your PIN. */
export function EmployeeSignIn({ onSignedIn }: EmployeeSignInProps) {
  const employees = useSignInEmployees();
  const signIn = useSignInEmployee({ onSignedIn });
  const [picked, setPicked] = useState<SignInEmployee | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [lastPin, setLastPin] = useState('');
  const [ownerPassword, setOwnerPassword] = useState('');

  const pick = (employee: SignInEmployee | null) => {
    signIn.reset();
    setPicked(employee);
  };

  if (!picked) {
    return (
      <section aria-labelledby="employee-picker-heading" className="grid gap-4">
        <h2 id="employee-picker-heading" className="text-lg font-semibold">
          Who is signing in?
        </h2>
        <EmployeePicker
          employees={employees.data}
          loading={employees.isPending}
          error={employees.isError ? employees.error : null}
          retrying={employees.isFetching}
          onRetry={() => void employees.refetch()}
          onPick={pick}
        />
      </section>
    );
  }

  const error = signIn.isError ? signInErrorView(signIn.error) : null;

  return (
    <section aria-labelledby="pin-heading" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid">
          <h2 id="pin-heading" className="text-lg font-semibold">
            Enter your PIN
          </h2>
          <p className="text-muted-foreground">
            {picked.full_name} · {EMPLOYEE_ROLE_LABELS[picked.role]}
          </p>
        </div>
        <Button variant="outline" onClick={() => pick(null)} disabled={signIn.isPending}>
          Not you?
        </Button>
      </div>

      {error ? (
        <Alert variant="destructive" data-error-kind={error.kind}>
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{error.title}</AlertTitle>
          <AlertDescription>
            <p>{error.message}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {error?.ownerPasswordStepUp && lastPin ? (
        <form
          className="grid gap-2 rounded-lg border p-4"
          onSubmit={(event) => {
            event.preventDefault();
            signIn.mutate({ employeeId: picked.id, pin: lastPin, ownerPassword }, { onError: () => setOwnerPassword('') });
          }}
        >
          <Label htmlFor="owner-step-up">Owner&apos;s password</Label>
          <Input
            id="owner-step-up"
            type="password"
            autoComplete="off"
            value={ownerPassword}
            onChange={(event) => setOwnerPassword(event.target.value)}
          />
          <Button type="submit" disabled={signIn.isPending || ownerPassword.length === 0} className="justify-self-start">
            Let {picked.full_name}&apos;s PIN through
          </Button>
        </form>
      ) : null}

      <PinPad
        label={`PIN for ${picked.full_name}`}
        pending={signIn.isPending}
        clearSignal={attempts}
        onSubmit={(pin) => {
          setLastPin(pin);
          signIn.mutate(
            { employeeId: picked.id, pin },
            { onError: () => setAttempts((count) => count + 1) },
          );
        }}
      />
    </section>
  );
}
