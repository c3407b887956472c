import { defaultEnabledFeatures } from '@till/core';
import { describe, expect, it } from 'vitest';
import { checklistStepCopy } from './checklist-steps';

const firstTime = defaultEnabledFeatures({ firstTimeSetup: true });

describe('checklistStepCopy', () => {
  it('offers employee management and time tracking together when both are off (a new business)', () => {
    expect(firstTime.employee_management).toBe(false);
    expect(firstTime.time_tracking).toBe(false);
    expect(checklistStepCopy('add_staff', firstTime).actions).toEqual([
      { kind: 'switch-on', label: 'Switch on employees and time tracking', to: '/employees', features: ['employee_management', 'time_tracking'] },
    ]);
  });

  it('links to the staff page once employee management is on, and still offers time tracking', () => {
    const features = { ...firstTime, employee_management: true };
    expect(checklistStepCopy('add_staff', features).actions.map((action) => action.label)).toEqual(['Add staff', 'Switch on time tracking']);
    expect(checklistStepCopy('add_staff', { ...features, time_tracking: true }).actions.map((action) => action.label)).toEqual(['Add staff']);
  });

  it.each([
    ['add_products', 'inventory_management', '/products'],
    ['first_sale', 'pos_system', '/pos'],
  ] as const)('%s links to its page, or offers to switch on %s', (step, feature, to) => {
    expect(checklistStepCopy(step, { ...firstTime, [feature]: true }).actions[0]).toMatchObject({ kind: 'link', to });
    expect(checklistStepCopy(step, { ...firstTime, [feature]: false }).actions[0]).toMatchObject({ kind: 'switch-on', features: [feature] });
  });

  it('sends pairing a till to settings', () => {
    expect(checklistStepCopy('pair_till', firstTime).actions).toEqual([{ kind: 'link', label: 'Open settings', to: '/settings' }]);
  });
});
