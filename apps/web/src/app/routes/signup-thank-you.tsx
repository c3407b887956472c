import { CircleCheckIcon } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandLink } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** After sign-up; the e-mail confirmation link (?verify=token) lands here too and confirms the address. */
export function SignupThankYouRoute() {
  const [searchParams] = useSearchParams();
  const verifyToken = searchParams.get('verify');
  useDocumentTitle(verifyToken ? 'Confirm your e-mail address' : 'Thanks for signing up');
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-6 sm:px-0">
        <BrandLink />
      </header>
      <main className="mx-auto grid w-full max-w-md flex-1 content-start px-4 py-8 sm:px-0 sm:py-12">
        <Card>
          <CardHeader>
            <CircleCheckIcon aria-hidden="true" className="mb-2 size-8 text-success" />
            <CardTitle as="h1" className="text-2xl">
              Thanks for signing up
            </CardTitle>
            <CardDescription className="text-base">
              Your account and your business have been created, and you are signed in.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {verifyToken ? <EmailConfirmation token={verifyToken} /> : null}
            <p className="text-sm text-muted-foreground">
              We sent a link to your e-mail address: open it to confirm the address is yours.
            </p>
            <p className="text-sm text-muted-foreground">
              Next, open your dashboard: confirm who owns the business, then follow its first steps.
            </p>
            <p className="text-sm text-muted-foreground">
              If that address already had an account, no new one was made: we emailed it, and you can sign in instead.
            </p>
          </CardContent>
          <CardFooter>
            <Button size="lg" className="w-full sm:w-auto" onClick={() => void navigate(paths.dashboard)}>
              Continue to dashboard
            </Button>
          </CardFooter>
        </Card>
      </main>
    </div>
  );
}
