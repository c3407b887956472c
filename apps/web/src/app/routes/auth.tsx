import { useNavigate, useSearchParams } from 'react-router';
import { BrandLink } from '@/components/brand';
import { paths } from '@/config/paths';
import { AuthScreen, type AuthMode } from '@/features/auth/components/auth-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';

const HEADINGS: Record<AuthMode, { title: string; intro: string }> = {
  signin: { title: 'Sign in to Till', intro: 'Welcome back. Sign in to open your till and back office.' },
  signup: {
    title: 'Create your Till account',
    intro: 'Set up your business in a minute. You become its owner and can add your team afterwards.',
  },
};

/** /auth and /signin: one screen, with ?mode=signup selecting the sign-up tab. */
export function AuthRoute() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  useDocumentTitle(mode === 'signup' ? 'Sign up' : 'Sign in');

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

  const heading = HEADINGS[mode];

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-6 sm:px-0">
        <BrandLink />
      </header>
      <main className="mx-auto grid w-full max-w-md flex-1 content-start gap-6 px-4 py-8 sm:px-0 sm:py-12">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
          <p className="text-muted-foreground">{heading.intro}</p>
        </div>
        <AuthScreen
          mode={mode}
          onModeChange={onModeChange}
          onSignedIn={() => void navigate(paths.dashboard, { replace: true })}
          onSignedUp={() => void navigate(paths.signupThankYou, { replace: true })}
        />
      </main>
    </div>
  );
}
