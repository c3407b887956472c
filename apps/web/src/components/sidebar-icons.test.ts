import { buildSidebar, defaultEnabledFeatures, FEATURE_NAMES, INDUSTRIES, type EnabledFeatures } from '@till/core';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_ICONS } from './sidebar-icons';

describe('sidebar icons', () => {
  it('include every icon the sidebar model names', () => {
    const all = Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])) as EnabledFeatures;
    const names = new Set<string>();
    for (const industry of INDUSTRIES) {
      for (const enabledFeatures of [all, defaultEnabledFeatures({ firstTimeSetup: false })]) {
        for (const group of buildSidebar({ enabledFeatures, industry, employeeSession: null })) {
          for (const item of group.items) names.add(item.icon);
        }
      }
    }
    for (const group of buildSidebar({ enabledFeatures: all, industry: 'retail', employeeSession: { employee_role: 'cashier' } })) {
      for (const item of group.items) names.add(item.icon);
    }
    expect([...names].filter((name) => !(name in SIDEBAR_ICONS))).toEqual([]);
  });
});
