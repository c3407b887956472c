import { FEATURE_NAMES } from '@till/core';
import { describe, expect, it } from 'vitest';
import { FEATURE_GROUPS, FEATURE_LABELS } from './feature-labels';

describe('feature groups on the settings page', () => {
  it('hold each of the 25 features exactly once', () => {
    const grouped = FEATURE_GROUPS.flatMap((group) => group.features);
    expect(grouped).toHaveLength(FEATURE_NAMES.length);
    expect(new Set(grouped)).toEqual(new Set(FEATURE_NAMES));
  });

  it('give every feature a distinct readable label', () => {
    const labels = FEATURE_NAMES.map((name) => FEATURE_LABELS[name]);
    expect(new Set(labels).size).toBe(FEATURE_NAMES.length);
  });
});
