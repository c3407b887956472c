import type { Industry } from './business-setup.ts';
import type { EnabledFeatures } from './features.ts';

export type UserMenuEntry =
  | { type: 'label'; text: string }
  | { type: 'link'; label: string; to: string }
  | { type: 'action'; label: string; action: 'end-shift' | 'sign-out' };

export interface UserMenuContext {
  kind: 'employee' | 'owner' | 'anonymous';
  email?: string | null | undefined;
  enabledFeatures: EnabledFeatures;
  industry: Industry | null | undefined;
  isSuperAdmin: boolean;
  /** For an employee: whether a page would open for them (core `canOpenPage`); others are left out. */
  canOpen?: (to: string) => boolean;
}

const link = (label: string, to: string): UserMenuEntry => ({ type: 'link', label, to });

/** SPEC §2: a mechanics shop has no till, and neither does a business with the POS switched off. */
function showsPosLinks(ctx: UserMenuContext): boolean {
  return ctx.industry !== 'mechanics' && ctx.enabledFeatures.pos_system;
}

/** SPEC §2 Top bar: the user menu for an employee on shift, the owner, or a visitor. */
export function buildUserMenu(ctx: UserMenuContext): UserMenuEntry[] {
  if (ctx.kind === 'anonymous') return [link('Sign In', '/auth')];

  const pos = showsPosLinks(ctx);

  if (ctx.kind === 'employee') {
    const entries: UserMenuEntry[] = [
      ...(pos ? [link('Employee POS', '/employee-pos'), link('POS', '/pos')] : []),
      link('Orders', '/orders'),
      ...(ctx.enabledFeatures.kitchen_display ? [link('Kitchen', '/kitchen')] : []),
      link('Customers', '/customers'),
      link('Products', '/products'),
      link('Settings', '/settings'),
      link('Pricing', '/pricing'),
      link('Help Center', '/help-center'),
      link('Website', '/'),
      { type: 'action', label: 'End Shift', action: 'end-shift' },
    ];
    // Only pages that work for this person (issue 10 item 3): a cashier gets no Settings link.
    const canOpen = ctx.canOpen;
    return canOpen ? entries.filter((entry) => entry.type !== 'link' || canOpen(entry.to)) : entries;
  }

  return [
    ...(ctx.email ? [{ type: 'label', text: ctx.email } as const] : []),
    { type: 'label', text: 'Business Owner' },
    ...(pos ? [link('POS', '/pos')] : []),
    link('Orders', '/orders'),
    link('Kitchen', '/kitchen'),
    link('Customers', '/customers'),
    link('Products', '/products'),
    link('Settings', '/settings'),
    link('Pricing', '/pricing'),
    link('Help Center', '/help-center'),
    // SPEC §2 links here although no route is defined, so it lands on not found.
    ...(ctx.isSuperAdmin ? [link('Super Admin', '/super-admin')] : []),
    { type: 'action', label: 'Sign Out', action: 'sign-out' },
  ];
}
