import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useDeleteFactor, useFactors, useRegenerateRecoveryCodes, useTwoFactorPolicy, type Factor } from '../api/two-factor';
import { EnrollTotp } from './enroll-totp';
import { RecoveryCodes } from './recovery-codes';

/** The account's sign-in security (issue 19 item 2): the authenticator app, recovery codes, the owner's rule. */
export function TwoFactorCard({ isBusinessOwner }: { isBusinessOwner: boolean }) {
  const factors = useFactors();
  const [enrolling, setEnrolling] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const verified = factors.data?.factors.filter((factor) => factor.status === 'verified') ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>Ask for a code from an authenticator app after your password, so a stolen password alone is not enough.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {factors.isError ? <ErrorAlert error={factors.error} /> : null}
        {freshCodes ? <RecoveryCodes codes={freshCodes} onDone={() => setFreshCodes(null)} /> : null}
        {verified.length > 0 ? (
          <ul aria-label="Authenticator apps" className="grid gap-2">
            {verified.map((factor) => (
              <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                <div className="grid gap-0.5">
                  <span className="font-medium">{factor.friendly_name}</span>
                  <span className="text-sm text-muted-foreground">Added {new Date(factor.created_at).toLocaleDateString()}</span>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant="secondary">On</Badge>
                  <Button type="button" variant="outline" onClick={() => setRemoving(factor)}>
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : factors.data ? (
          <p className="text-sm">Two-factor sign-in is off for your account.</p>
        ) : null}
        {verified.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">{factors.data?.recovery_codes_left ?? 0} of 10 recovery codes left.</p>
            <Button type="button" variant="outline" onClick={() => setRegenerating(true)}>
              New recovery codes
            </Button>
          </div>
        ) : null}
        {/* Kept while enrolling: the recovery codes come after the factor already counts as verified. */}
        {enrolling ? (
          <EnrollTotp
            onDone={() => {
              setEnrolling(false);
              toast.success('Two-factor sign-in is on');
            }}
          />
        ) : verified.length === 0 ? (
          <Button type="button" className="justify-self-start" onClick={() => setEnrolling(true)}>
            Turn on two-factor sign-in
          </Button>
        ) : null}
        {isBusinessOwner ? <PolicySwitch required={factors.data?.required ?? false} canRequire={verified.length > 0} /> : null}
      </CardContent>
      <PasswordDialog
        open={removing !== null}
        title="Remove this authenticator app?"
        description="Enter your password to confirm. Your recovery codes stop working with the last app."
        action="Remove"
        destructive
        onClose={() => setRemoving(null)}
        useRun={useDeleteFactor}
        run={(mutation, password) =>
          mutation.mutateAsync({ factorId: removing!.id, password }).then(() => {
            toast.success('Authenticator app removed');
          })
        }
      />
      <PasswordDialog
        open={regenerating}
        title="Make new recovery codes?"
        description="Enter your password to confirm. The codes you saved before stop working."
        action="Make new codes"
        onClose={() => setRegenerating(false)}
        useRun={useRegenerateRecoveryCodes}
        run={(mutation, password) => mutation.mutateAsync(password).then((result) => setFreshCodes(result.recovery_codes))}
      />
    </Card>
  );
}

function PolicySwitch({ required, canRequire }: { required: boolean; canRequire: boolean }) {
  const policy = useTwoFactorPolicy();
  return (
    <div className="grid gap-2 border-t pt-4">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="require-two-factor" className="grid gap-1">
          <span>Require two-factor sign-in for every account of the business</span>
          <span className="text-sm font-normal text-muted-foreground">
            {canRequire || required ? 'Accounts without an app are asked to set one up before anything else.' : 'Turn it on for your own account first.'}
          </span>
        </Label>
        <Switch
          id="require-two-factor"
          checked={required}
          disabled={policy.isPending || (!canRequire && !required)}
          onCheckedChange={(checked) => policy.mutate(checked)}
        />
      </div>
      {policy.isError ? <ErrorAlert error={policy.error} /> : null}
    </div>
  );
}

interface PasswordDialogProps<M> {
  open: boolean;
  title: string;
  description: string;
  action: string;
  destructive?: boolean;
  onClose: () => void;
  useRun: () => M;
  run: (mutation: M, password: string) => Promise<void>;
}

/** Reauthentication: the current password before a change someone at an unlocked screen must not make. */
function PasswordDialog<M extends { isPending: boolean; reset: () => void }>({ open, title, description, action, destructive, onClose, useRun, run }: PasswordDialogProps<M>) {
  const mutation = useRun();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setPassword('');
    setError(null);
    mutation.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    run(mutation, password).then(close, setError);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {error ? <ErrorAlert error={error} /> : null}
          <Field>
            <Label htmlFor="reauth-password">Current password</Label>
            <Input id="reauth-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={mutation.isPending || !password}>
              {mutation.isPending ? 'Checking...' : action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
