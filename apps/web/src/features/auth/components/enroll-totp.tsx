import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useEnrollFactor, useVerifyFactor, type Enrollment } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';

/** The manual key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Enroll an authenticator app: QR code and manual key, then a first code confirms it. */
export function EnrollTotp({ onDone }: { onDone: () => void }) {
  const enroll = useEnrollFactor();
  const verify = useVerifyFactor();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  if (!enrollment) {
    return (
      <div className="grid gap-3">
        {enroll.isError ? <ErrorAlert error={enroll.error} /> : null}
        <Button type="button" className="justify-self-start" disabled={enroll.isPending} onClick={() => enroll.mutate(undefined, { onSuccess: setEnrollment })}>
          {enroll.isPending ? 'Preparing...' : 'Set up an authenticator app'}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { factorId: enrollment.id, code: code.trim() },
      {
        onSuccess: (result) => {
          if (result.recovery_codes?.length) setRecoveryCodes(result.recovery_codes);
          else onDone();
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy...).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="grid justify-items-start gap-3 sm:grid-cols-[auto_1fr] sm:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrollment.totp.qr_code)}`}
          alt="QR code to add Till to your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-md border bg-white p-1"
        />
        <Field>
          <Label htmlFor="totp-manual-key">Key for manual entry</Label>
          <code id="totp-manual-key" data-testid="totp-secret" data-secret={enrollment.totp.secret} className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all">
            {grouped(enrollment.totp.secret)}
          </code>
        </Field>
      </div>
      {verify.isError ? <ErrorAlert error={verify.error} /> : null}
      <Field>
        <Label htmlFor="totp-confirm-code">Code from the app</Label>
        <Input
          id="totp-confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          className="max-w-40 font-mono tracking-widest"
        />
        <FieldDescription>The code changes every 30 seconds.</FieldDescription>
      </Field>
      <Button type="submit" className="justify-self-start" disabled={verify.isPending || code.length !== 6}>
        {verify.isPending ? 'Checking...' : 'Confirm code'}
      </Button>
    </form>
  );
}
