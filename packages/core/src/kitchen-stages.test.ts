import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGE_LIST, remapStage, stageIndexIn, stageIndexOfName, stageListProblem, stageRoleAt } from './kitchen-stages.ts';

const plating = { stages: ['New', 'Cooking', 'Plating', 'Ready', 'Served'], readyIndex: 3 };

describe('stageListProblem', () => {
  it.each([
    [['New', 'Served'], 0, null],
    [['New'], 0, 'At least 2 stages'],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G'], 0, 'At most 6 stages'],
    [['New', 'new', 'Served'], 0, 'Stage names must be unique'],
    [['New', 'Cooking', 'Served'], 2, 'Ready must be a stage before the last (served) one'],
  ])('%j ready at %i → %s', (stages, readyIndex, problem) => {
    expect(stageListProblem(stages, readyIndex)).toBe(problem);
  });
});

describe('stageRoleAt', () => {
  it.each([
    [0, 'new'],
    [1, 'cooking'],
    [2, 'cooking'],
    [3, 'ready'],
    [4, 'served'],
  ] as const)('Plating list position %i is %s', (index, role) => {
    expect(stageRoleAt(plating, index)).toBe(role);
  });
  it('a list that is ready at once has no new stage', () => {
    expect(stageRoleAt({ stages: ['Ready', 'Served'], readyIndex: 0 }, 0)).toBe('ready');
  });
});

describe('stageIndexIn and stageIndexOfName', () => {
  it.each([
    ['new', null, 0],
    ['cooking', null, 1],
    ['ready', null, 3],
    ['served', null, 4],
    ['cooking', 'Plating', 2],
    ['cooking', 'Gone', 1],
  ] as const)('%s named %s stands at %i', (role, name, index) => {
    expect(stageIndexIn(plating, role, name)).toBe(index);
  });
  it('reads names case-insensitively and the roles of the default list', () => {
    expect(stageIndexOfName(plating, 'plating')).toBe(2);
    expect(stageIndexOfName(DEFAULT_STAGE_LIST, 'cooking')).toBe(1);
    expect(stageIndexOfName(plating, 'Grill')).toBeNull();
  });
});

describe('remapStage', () => {
  it.each([
    ['Cooking', 'Cooking'],
    ['Plating', 'Ready'],
    ['Served', 'Served'],
  ])('%s in the Plating list lands on %s in the default list', (stage, landed) => {
    expect(remapStage(plating.stages, DEFAULT_STAGE_LIST.stages, stage)).toBe(landed);
  });
});
