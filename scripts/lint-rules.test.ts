import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The invariants lint enforces must actually fire: lint a small text as if it lived at a path.
const eslint = new ESLint();

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('lint invariants', () => {
  it('forbids process.env outside env.ts', async () => {
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/server/src/modules/health/x.ts')).toContain('no-restricted-properties');
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/server/src/env.ts')).not.toContain('no-restricted-properties');
  });

  it('forbids a web feature importing another feature', async () => {
    const code = "import { signIn } from '@/features/auth/api/sign-in';\nexport default signIn;\n";
    expect(await ruleIds(code, 'apps/web/src/features/dashboard/components/x.tsx')).toContain('no-restricted-imports');
    const relative = "import { signIn } from '../../auth/api/sign-in';\nexport default signIn;\n";
    expect(await ruleIds(relative, 'apps/web/src/features/dashboard/components/x.tsx')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/web/src/app/routes/x.tsx')).not.toContain('no-restricted-imports');
  });
});
