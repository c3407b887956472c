import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web features never import one another (STYLE.md): each feature folder gets a rule that
// forbids reaching into any other feature, by relative path or by the @/ alias.
const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  : [];
const featureIsolation = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            regex: `^(@/features/${other}|(\\.\\./)+(features/)?${other}|.*/features/${other})(/|$)`,
            message: 'Features do not import each other; compose them in app/routes.',
          })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read once, in apps/server/src/env.ts (ARCHITECTURE "Configuration").
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in apps/server/src/env.ts only.' }],
    },
  },
  { files: ['apps/server/src/env.ts', 'scripts/**', 'bench/**', 'e2e/**', '.ci/**', 'playwright.config.ts'], rules: { 'no-restricted-properties': 'off' } },
  { files: ['apps/web/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  ...featureIsolation,
);
