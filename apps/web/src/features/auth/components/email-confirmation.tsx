import { useEffect } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useVerifyEmail } from '../api/verify-email';

/** Confirms the address from the link's token as soon as the page opens, and says how it went. */
export function EmailConfirmation({ token }: { token: string }) {
  const { mutate, isSuccess, isError, error } = useVerifyEmail();
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  if (isError) return <ErrorAlert title="Your e-mail address was not confirmed" error={error} />;
  if (!isSuccess) return <p className="text-sm text-muted-foreground">Confirming your e-mail address…</p>;
  return (
    <Alert>
      <AlertTitle>Your e-mail address is confirmed</AlertTitle>
      <AlertDescription>Thank you. You can close this page or continue to your dashboard.</AlertDescription>
    </Alert>
  );
}
