import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useAccountUser, useReauthenticate, useUpdateAccountUser, type AccountUserChanges } from '../api/account-user';
import { useFactors } from '../api/two-factor';

type FieldName = 'name' | 'email' | 'phone' | 'password';

/**
 * The account's own name, e-mail, phone and password (issue 19, decision 053). The name saves at
 * once; the others first ask for the current password (and a code with two-factor on) when the
 * session has not confirmed it in the last 5 minutes.
 */
export function AccountCard() {
  const account = useAccountUser();
  const update = useUpdateAccountUser();
  const [pending, setPending] = useState<{ field: FieldName; changes: AccountUserChanges } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, unknown>>>({});
  const [drafts, setDrafts] = useState<Partial<Record<FieldName, string>>>({});
  const user = account.data?.user;
  const value = (field: Exclude<FieldName, 'password'>) =>
    drafts[field] ?? (field === 'name' ? user?.name : field === 'email' ? user?.email : user?.phoneNumber) ?? '';

  const save = async (field: FieldName, changes: AccountUserChanges) => {
    setErrors((old) => ({ ...old, [field]: null }));
    try {
      const answer = await update.mutateAsync(changes);
      setDrafts((old) => ({ ...old, [field]: undefined }));
      if (answer.emailChangeSentTo) toast.success(`We sent a link to ${answer.emailChangeSentTo}. Open it to use this address.`);
      else toast.success(field === 'password' ? 'Password changed. Other sessions were signed out.' : 'Saved');
    } catch (error) {
      if (isApiError(error) && error.code === 'reauthentication_needed') setPending({ field, changes });
      else setErrors((old) => ({ ...old, [field]: error }));
    }
  };

  const onSubmit = (field: FieldName) => (event: FormEvent) => {
    event.preventDefault();
    const text = field === 'password' ? (drafts.password ?? '') : value(field);
    void save(field, { [field]: text } as AccountUserChanges);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>Your name, how you sign in, and your password. Changing the e-mail, phone number or password asks for your current password first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {account.isError ? <ErrorAlert error={account.error} /> : null}
        <AccountField id="account-name" label="Name" autoComplete="name" value={value('name')} error={errors.name} onChange={(text) => setDrafts((old) => ({ ...old, name: text }))} onSubmit={onSubmit('name')} busy={update.isPending} />
        <AccountField
          id="account-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          value={value('email')}
          hint={user?.email ? (user.emailVerified ? 'Confirmed' : 'Not confirmed yet') : 'You sign in with your phone number.'}
          error={errors.email}
          onChange={(text) => setDrafts((old) => ({ ...old, email: text }))}
          onSubmit={onSubmit('email')}
          busy={update.isPending}
        />
        <AccountField id="account-phone" label="Phone number" type="tel" autoComplete="tel" value={value('phone')} error={errors.phone} onChange={(text) => setDrafts((old) => ({ ...old, phone: text }))} onSubmit={onSubmit('phone')} busy={update.isPending} />
        <AccountField
          id="account-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={drafts.password ?? ''}
          hint="At least 8 characters. Every other browser is signed out."
          action="Change password"
          error={errors.password}
          onChange={(text) => setDrafts((old) => ({ ...old, password: text }))}
          onSubmit={onSubmit('password')}
          busy={update.isPending}
        />
      </CardContent>
      <ReauthenticateDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirmed={() => {
          const retry = pending;
          setPending(null);
          if (retry) void save(retry.field, retry.changes);
        }}
      />
    </Card>
  );
}

interface AccountFieldProps {
  id: string;
  label: string;
  value: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  action?: string;
  error: unknown;
  busy: boolean;
  onChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
}

function AccountField({ id, label, value, type = 'text', autoComplete, hint, action = 'Save', error, busy, onChange, onSubmit }: AccountFieldProps) {
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate aria-label={action === 'Save' ? `Change ${label.toLowerCase()}` : action}>
      <Field>
        <Label htmlFor={id}>{label}</Label>
        <div className="flex flex-wrap gap-2">
          <Input id={id} type={type} autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)} className="min-w-0 flex-1" />
          <Button type="submit" variant="outline" disabled={busy || !value}>
            {action}
          </Button>
        </div>
        {hint ? <FieldDescription>{hint}</FieldDescription> : null}
      </Field>
      {error ? <ErrorAlert error={error} /> : null}
    </form>
  );
}

/** SPEC §7 reauthenticate: the current password, and with two-factor on an app or recovery code. */
function ReauthenticateDialog({ open, onClose, onConfirmed }: { open: boolean; onClose: () => void; onConfirmed: () => void }) {
  const reauthenticate = useReauthenticate();
  const factors = useFactors();
  const needsCode = (factors.data?.factors ?? []).some((factor) => factor.status === 'verified');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    setPassword('');
    setCode('');
    reauthenticate.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    reauthenticate.mutate(needsCode ? { password, code } : { password }, {
      onSuccess: () => {
        setPassword('');
        setCode('');
        reauthenticate.reset();
        onConfirmed();
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>
              {needsCode ? 'Enter your current password and a code from your authenticator app (or a recovery code).' : 'Enter your current password.'} You will not be asked again for 5 minutes.
            </DialogDescription>
          </DialogHeader>
          {reauthenticate.isError ? <ErrorAlert error={reauthenticate.error} /> : null}
          <Field>
            <Label htmlFor="reauthenticate-password">Current password</Label>
            <Input id="reauthenticate-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field>
          {needsCode ? (
            <Field>
              <Label htmlFor="reauthenticate-code">Authenticator or recovery code</Label>
              <Input id="reauthenticate-code" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
            </Field>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={reauthenticate.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={reauthenticate.isPending || !password || (needsCode && !code)}>
              {reauthenticate.isPending ? 'Checking...' : 'Confirm'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
