import { Link, useSearchParams } from 'react-router';
import { BrandLink } from '@/components/brand';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Without ?token= it asks for a reset link; with one (from that link) it sets the new password;
 * with ?invite= (an invitation, decision 067) the invitee chooses their first password.
 */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  const token = invite ?? searchParams.get('token');
  useDocumentTitle(invite ? 'Accept invitation' : token ? 'New password' : 'Forgot password');

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-6 sm:px-0">
        <BrandLink />
      </header>
      <main className="mx-auto grid w-full max-w-md flex-1 content-start gap-4 px-4 py-8 sm:px-0 sm:py-12">
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {invite ? 'Welcome to Till' : token ? 'New password' : 'Forgot password'}
            </CardTitle>
            <CardDescription>
              {invite
                ? 'You were invited. Choose a password for your account, and you are in.'
                : token
                ? 'Choose a new password for your account.'
                : 'Enter the email address you sign in with and we will send you a link to choose a new password.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {token ? (
              <ResetPasswordForm token={token} invite={invite !== null} />
            ) : (
              <ForgotPasswordForm redirectTo={`${window.location.origin}${paths.resetPassword}`} />
            )}
          </CardContent>
        </Card>
        <Link
          to={paths.auth}
          className="inline-flex min-h-11 items-center justify-self-center rounded-sm text-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Back to sign in
        </Link>
      </main>
    </div>
  );
}
