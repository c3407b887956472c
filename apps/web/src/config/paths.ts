export const paths = {
  home: '/',
  auth: '/auth',
  signIn: '/signin',
  resetPassword: '/reset-password',
  signupThankYou: '/signup-thank-you',
  dashboard: '/dashboard',
} as const;
