export const INDUSTRIES = ['retail', 'restaurant', 'mechanics'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const FALLBACK_BUSINESS_NAME = 'My Business';

/** SPEC §4: the profile's business name, else its full name, else "My Business". */
export function defaultBusinessName(profile: { business_name?: string | null; full_name?: string | null } | null): string {
  const businessName = profile?.business_name?.trim();
  if (businessName) return businessName;
  const fullName = profile?.full_name?.trim();
  if (fullName) return fullName;
  return FALLBACK_BUSINESS_NAME;
}

export interface SetupFlags {
  authentication_enabled: boolean;
  has_business_owner: boolean;
}

export type SetupState = 'needs_settings' | 'needs_owner' | 'incomplete' | 'complete';

/** SPEC §4: no record means setup is needed; complete needs authentication_enabled and has_business_owner. */
export function setupState(settings: SetupFlags | null | undefined): SetupState {
  if (!settings) return 'needs_settings';
  if (!settings.has_business_owner) return 'needs_owner';
  return settings.authentication_enabled ? 'complete' : 'incomplete';
}

export function isSetupComplete(settings: SetupFlags | null | undefined): boolean {
  return setupState(settings) === 'complete';
}
