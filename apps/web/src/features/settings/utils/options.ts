/** The settings page offers the same currencies and zones as sign-up (lib/locale-options.ts). */
export { COMMON_CURRENCIES, currencyOptions, timeZoneOptions } from '@/lib/locale-options';
