import type { EnabledFeatures, FeatureName, OnboardingStep } from '@till/core';

export interface StepAction {
  /** A page to open, or features to switch on first (the page needs them). */
  kind: 'link' | 'switch-on';
  label: string;
  to: string;
  features?: FeatureName[];
}

export interface StepCopy {
  title: string;
  description: string;
  actions: StepAction[];
}

/**
 * What each first-run step says and offers, given the business's switches: a step whose page is
 * switched off offers to switch it on (employee management and time tracking come together).
 */
export function checklistStepCopy(step: OnboardingStep, features: EnabledFeatures): StepCopy {
  switch (step) {
    case 'add_products':
      return {
        title: 'Add your products',
        description: 'Names, prices and barcodes, typed in or imported from a spreadsheet.',
        actions: features.inventory_management
          ? [{ kind: 'link', label: 'Add products', to: '/products' }]
          : [{ kind: 'switch-on', label: 'Switch on inventory', to: '/products', features: ['inventory_management'] }],
      };
    case 'add_staff': {
      const actions: StepAction[] = features.employee_management
        ? [{ kind: 'link', label: 'Add staff', to: '/employees' }]
        : [
            {
              kind: 'switch-on',
              label: features.time_tracking ? 'Switch on employee management' : 'Switch on employees and time tracking',
              to: '/employees',
              features: features.time_tracking ? ['employee_management'] : ['employee_management', 'time_tracking'],
            },
          ];
      if (features.employee_management && !features.time_tracking) {
        actions.push({ kind: 'switch-on', label: 'Switch on time tracking', to: '/shifts', features: ['time_tracking'] });
      }
      return { title: 'Add your staff', description: 'Each person gets a PIN for the till; time tracking records their shifts.', actions };
    }
    case 'pair_till':
      return {
        title: 'Pair a till',
        description: 'Pair the device at the counter once, with a code from Settings → Tills; staff, and you, then sign in on it with a PIN.',
        actions: [{ kind: 'link', label: 'Open settings', to: '/settings' }],
      };
    case 'first_sale':
      return {
        title: 'Make a first sale',
        description: 'Ring up an item and take the payment, to see the till and a receipt.',
        actions: features.pos_system
          ? [{ kind: 'link', label: 'Open the till', to: '/pos' }]
          : [{ kind: 'switch-on', label: 'Switch on the point of sale', to: '/pos', features: ['pos_system'] }],
      };
  }
}
