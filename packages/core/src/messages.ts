/** User-facing texts that SPEC §5 and §8 give word for word. */
export const MESSAGES = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  authSessionMissing: 'Auth session missing!',
  authSessionOrUserMissing: 'Auth session or user missing',
  fetchSettingsFailed: 'Failed to fetch business settings',
  createSettingsFailed: 'Failed to create business settings',
  assignOwnerFailed: 'Failed to assign business owner',
  checkSuperAdminFailed: 'Failed to check super admin status',
} as const;

/** SPEC §5: sign-out scope must be one of these. */
export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
