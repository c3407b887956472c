import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useAccountUser, useIdentities, useReauthenticate, useUnlinkIdentity, useUpdateAccountUser, type AccountUserChanges } from '../api/account-user';
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
  const [pending, setPending] = useState<{ field: FieldName; changes: AccountUserChanges } | { unlink: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, unknown>>>({});
  const [retryUnlink, setRetryUnlink] = useState<string | null>(null);
  const clearRetry = useCallback(() => setRetryUnlink(null), []);
  const askToReauthenticate = useCallback((identityId: string) => setPending({ unlink: identityId }), []);
  const [drafts, setDrafts] = useState<Partial<Record<FieldName, string>>>({});
  const user = account.data?.user;
  const value = (field: Exclude<FieldName, 'password'>) =>
    drafts[field] ?? (field === 'name' ? user?.name : field === 'email' ? user?.email : user?.phone_number) ?? '';

  const save = async (field: FieldName, changes: AccountUserChanges) => {
    setErrors((old) => ({ ...old, [field]: null }));
    try {
      const answer = await update.mutateAsync(changes);
      setDrafts((old) => ({ ...old, [field]: undefined }));
      if (answer.email_change_sent_to) toast.success(`We sent a link to ${answer.email_change_sent_to}. Open it to use this address.`);
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
          hint={user?.email ? (user.email_verified ? 'Confirmed' : 'Not confirmed yet') : 'You sign in with your phone number.'}
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
        <SignInWays retry={retryUnlink} onRetried={clearRetry} onNeedsReauthentication={askToReauthenticate} />
      </CardContent>
      <ReauthenticateDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirmed={() => {
          const retry = pending;
          setPending(null);
          if (retry && 'unlink' in retry) setRetryUnlink(retry.unlink);
          else if (retry) void save(retry.field, retry.changes);
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

const PROVIDER_LABELS = { email: 'E-mail address', phone: 'Phone number', web3: 'Ethereum wallet', sso: 'Single sign-on' } as const;

/** "E-mail address", or for a single sign-on identity the provider's name (decision 068). */
const labelOf = (identity: { provider: keyof typeof PROVIDER_LABELS; provider_name: string | null }) =>
  identity.provider === 'sso' ? (identity.provider_name ?? PROVIDER_LABELS.sso) : PROVIDER_LABELS[identity.provider];

const linkedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * SPEC §7 identities (decision 053): the ways this account signs in. One is added by entering it
 * above; one can be removed while another remains (after confirming the password).
 */
function SignInWays({ retry, onRetried, onNeedsReauthentication }: { retry: string | null; onRetried: () => void; onNeedsReauthentication: (identityId: string) => void }) {
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync } = unlink;
  const remove = useCallback(
    async (identityId: string) => {
      setError(null);
      try {
        await mutateAsync(identityId);
        toast.success('Removed. You no longer sign in this way.');
      } catch (caught) {
        if (isApiError(caught) && caught.code === 'reauthentication_needed') onNeedsReauthentication(identityId);
        else setError(caught);
      }
    },
    [mutateAsync, onNeedsReauthentication],
  );
  // Confirmed in the dialog: removed now.
  useEffect(() => {
    if (!retry) return;
    onRetried();
    void remove(retry);
  }, [retry, onRetried, remove]);
  const list = identities.data?.identities ?? [];
  return (
    <section aria-labelledby="sign-in-ways-heading" className="grid min-w-0 gap-3 border-t pt-5">
      <div className="grid gap-1">
        <h3 id="sign-in-ways-heading" className="text-sm font-medium">
          Sign-in ways
        </h3>
        <p className="text-sm text-muted-foreground">You sign in with your password and any of these. Add one by entering it above.</p>
      </div>
      {identities.isError ? <ErrorAlert error={identities.error} /> : null}
      {error ? <ErrorAlert error={error} /> : null}
      <ul className="grid min-w-0 gap-2" aria-label="Sign-in ways">
        {list.map((identity) => (
          <li key={identity.id} className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">
                {labelOf(identity)}
                {identity.provider === 'sso' ? <span className="font-normal text-muted-foreground"> · single sign-on</span> : null}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {identity.identifier}
                {identity.provider === 'email' ? (identity.verified ? ' · confirmed' : ' · not confirmed yet') : ''}
              </p>
              {identity.linked_at ? <p className="text-sm text-muted-foreground">Linked {linkedOn(identity.linked_at)}</p> : null}
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={unlink.isPending || list.length === 1}
              title={list.length === 1 ? 'The only way to sign in cannot be removed' : undefined}
              aria-label={`Remove ${identity.provider === 'sso' ? labelOf(identity) : PROVIDER_LABELS[identity.provider].toLowerCase()} ${identity.identifier}`}
              onClick={() => void remove(identity.id)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {list.length === 1 ? <p className="text-sm text-muted-foreground">This is your only way to sign in, so it cannot be removed.</p> : null}
    </section>
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
