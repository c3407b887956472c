import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '@/components/back-button';
import { BrandLink } from '@/components/brand';
import { paths } from '@/config/paths';
import { usePublicBranding } from '@/features/branding/api/public-branding';
import { AuthScreen, type AuthMode } from '@/features/auth/components/auth-screen';
import { MagicLinkSignIn } from '@/features/auth/components/magic-link-sign-in';
import { SecondStep } from '@/features/auth/components/second-step';
import { useMe } from '@/lib/me';
import { useDocumentTitle } from '@/hooks/use-document-title';

const HEADINGS: Record<AuthMode, { title: string; intro: string }> = {
  signin: { title: 'Sign in to Till', intro: 'Welcome back. Sign in to open your till and back office.' },
  signup: {
    title: 'Create your Till account',
    intro: 'Set up your business in a minute. You become its owner and can add your team afterwards.',
  },
};

// SPEC §2: these show the account sign-in screen while the device has no account session.
const SIGN_IN_HEADINGS: Record<string, { title: string; intro: string; page: string }> = {
  '/employee-login': {
    title: 'Employee sign in',
    intro: 'Sign in to continue to Till on this device.',
    page: 'Employee sign in',
  },
  '/back-office-login': {
    title: 'Back office sign in',
    intro: 'Sign in to manage stock, staff, reports and settings.',
    page: 'Back office sign in',
  },
};

interface AuthRouteProps {
  /** Where a successful sign-in goes. */
  afterSignIn?: string;
  /** Instead of going anywhere: for a page that changes once the device is signed in. */
  onSignedIn?: () => void;
}

/** /auth, /signin, /employee-login and /back-office-login: one screen, ?mode=signup selecting sign-up. */
export function AuthRoute({ afterSignIn = paths.dashboard, onSignedIn }: AuthRouteProps = {}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  const signInHeading = SIGN_IN_HEADINGS[pathname];
  useDocumentTitle(mode === 'signup' ? 'Sign up' : (signInHeading?.page ?? 'Sign in'));

  const onModeChange = (next: AuthMode) => {
    setSearchParams(
      (params) => {
        if (next === 'signup') params.set('mode', 'signup');
        else params.delete('mode');
        return params;
      },
      { replace: true },
    );
  };

  // The platform's name and welcome text, as the super admin set them (decision 057).
  const branding = usePublicBranding().data;
  const signIn = branding ? { title: `Sign in to ${branding.product_name}`, intro: branding.sign_in_welcome } : HEADINGS.signin;
  const heading = mode === 'signin' ? (signInHeading ?? signIn) : HEADINGS[mode];
  // The password is done; a second factor is still owed (from the answer, or /api/me on a reload).
  const me = useMe();
  const [signInStep, setSignInStep] = useState<'challenge' | 'enroll' | null>(null);
  const owed = me.data?.user && !me.isPlaceholderData ? me.data.second_step : null;
  // Held until done: setting up an app ends with recovery codes, after /api/me already says complete.
  if (owed && !signInStep) setSignInStep(owed);
  const secondStep = signInStep;
  // An e-mailed sign-in link (decision 062) lands on /auth?magic_link=…
  const magicLink = searchParams.get('magic_link');
  const dropMagicLink = () =>
    setSearchParams(
      (params) => {
        params.delete('magic_link');
        return params;
      },
      { replace: true },
    );
  const finish = () => {
    setSignInStep(null);
    if (onSignedIn) onSignedIn();
    else void navigate(afterSignIn, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40" style={branding ? ({ '--primary': branding.primary_color } as React.CSSProperties) : undefined}>
      <header className="mx-auto flex w-full max-w-md items-center justify-between gap-4 px-4 pt-6 sm:px-0">
        <BrandLink />
        <BackButton />
      </header>
      <main className="mx-auto grid w-full max-w-md flex-1 content-start gap-6 px-4 py-8 sm:px-0 sm:py-12">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
          <p className="text-muted-foreground">{heading.intro}</p>
        </div>
        {secondStep ? (
          <SecondStep
            step={secondStep}
            onDone={finish}
            onCancel={() => {
              setSignInStep(null);
              if (magicLink) dropMagicLink();
            }}
          />
        ) : magicLink ? (
          <MagicLinkSignIn
            token={magicLink}
            onSuccess={(response) => (response.second_step ? setSignInStep(response.second_step) : finish())}
            onDismiss={dropMagicLink}
          />
        ) : (
        <AuthScreen
          mode={mode}
          onModeChange={onModeChange}
          onSignedIn={(response) => (response.second_step ? setSignInStep(response.second_step) : finish())}
          onSignedUp={() => void navigate(paths.signupThankYou, { replace: true })}
        />
        )}
      </main>
    </div>
  );
}
