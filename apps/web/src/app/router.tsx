import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { ProtectedLayout } from './protected-layout';
import { AuthRoute } from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { RootErrorBoundary } from './routes/root-error';
import { SignupThankYouRoute } from './routes/signup-thank-you';

export function createAppRouter() {
  return createBrowserRouter([
    {
      ErrorBoundary: RootErrorBoundary,
      children: [
        { path: paths.home, Component: LandingRoute },
        { path: paths.auth, Component: AuthRoute },
        { path: paths.signIn, Component: AuthRoute },
        { path: paths.resetPassword, Component: ResetPasswordRoute },
        { path: paths.signupThankYou, Component: SignupThankYouRoute },
        {
          // SPEC §6: signed-out visitors go to /auth, and business setup comes before any app page.
          Component: ProtectedLayout,
          children: [{ path: paths.dashboard, Component: DashboardRoute }],
        },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
