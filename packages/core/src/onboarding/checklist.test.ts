import { describe, expect, it } from 'vitest';
import { onboardingChecklist } from './checklist.ts';

const none = { products: 0, staff: 0, tills: 0, sales: 0 };

describe('onboardingChecklist', () => {
  it.each([
    ['a new shop has done nothing', none, [false, false, false, false], false],
    ['products added', { ...none, products: 3 }, [true, false, false, false], false],
    ['staff added', { ...none, staff: 1 }, [false, true, false, false], false],
    ['a till set up', { ...none, tills: 1 }, [false, false, true, false], false],
    ['a first sale', { ...none, sales: 1 }, [false, false, false, true], false],
    ['everything done: the checklist is gone', { products: 1, staff: 2, tills: 1, sales: 9 }, [true, true, true, true], true],
  ])('%s', (_name, facts, done, complete) => {
    const checklist = onboardingChecklist(facts);
    expect(checklist.steps.map((step) => step.key)).toEqual(['add_products', 'add_staff', 'pair_till', 'first_sale']);
    expect(checklist.steps.map((step) => step.done)).toEqual(done);
    expect(checklist.complete).toBe(complete);
  });
});
