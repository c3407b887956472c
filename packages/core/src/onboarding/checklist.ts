/**
 * The dashboard's first-run checklist (issue 10 item 8): four things a new shop does before its
 * first busy day. Each step is done by a fact the server counts; the checklist is gone once all
 * four are done.
 */
export const ONBOARDING_STEPS = ['add_products', 'add_staff', 'pair_till', 'first_sale'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFacts {
  /** Products in the catalogue. */
  products: number;
  /** Employees besides the business owner's own row. */
  staff: number;
  /** Tills set up for this business. */
  tills: number;
  /** Paid sales, refunded ones included. */
  sales: number;
}

export interface OnboardingChecklist {
  steps: { key: OnboardingStep; done: boolean }[];
  /** Every step is done: the dashboard shows no checklist. */
  complete: boolean;
}

const DONE_BY: Record<OnboardingStep, (facts: OnboardingFacts) => boolean> = {
  add_products: (facts) => facts.products > 0,
  add_staff: (facts) => facts.staff > 0,
  pair_till: (facts) => facts.tills > 0,
  first_sale: (facts) => facts.sales > 0,
};

export function onboardingChecklist(facts: OnboardingFacts): OnboardingChecklist {
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: DONE_BY[key](facts) }));
  return { steps, complete: steps.every((step) => step.done) };
}
