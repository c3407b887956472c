import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
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

// Server layering (docs/architecture.md "Layers"): routes → use-cases → repositories → db.
const serverSrc = 'apps/server/src';
const modulesDir = `${serverSrc}/modules`;
const serverModules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  : [];

// Drizzle (and its `sql` template) only in repositories and db/. The few infrastructure files below
// are not feature code and own their one table each; every feature query goes through a repository.
const drizzleAllowed = [
  `${serverSrc}/**/*.repository.ts`,
  `${serverSrc}/db/**`,
  // The rate-limit counters are the limiter's own storage (decision 013), not a feature's data.
  `${serverSrc}/lib/rate-limiter.ts`,
  // The mail outbox is the mailer's own queue: it marks what it has sent.
  `${serverSrc}/lib/mailer.ts`,
  // Reads table columns from the schema to map PostgreSQL change rows onto the bus (decision 013).
  `${serverSrc}/realtime/postgres-changes.ts`,
];
const drizzleOnlyInRepositories = {
  files: [`${serverSrc}/**/*.ts`],
  ignores: [...drizzleAllowed, '**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^drizzle-orm(/|$)',
            message: 'Drizzle and SQL live in a *.repository.ts (or db/); call the repository from the use-case.',
          },
        ],
      },
    ],
  },
};

// lib/ is below the modules: it never imports one. Modules reach lib through the Services ports
// (lib/context.ts), which services.ts wires. context.ts may name module types to declare those ports.
const moduleImport = { regex: '(^|/)modules(/|$)', message: 'lib/ never imports a module; inject what it needs through Services (lib/context.ts).' };
const libBelowModules = [
  {
    files: [`${serverSrc}/lib/**/*.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [moduleImport] }] },
  },
  {
    files: [`${serverSrc}/lib/context.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ ...moduleImport, allowTypeImports: true }] }] },
  },
];

// A module's routes are its HTTP surface, mounted by app.ts only: no module imports another's.
const routesStayHome = serverModules.map((module) => ({
  files: [`${modulesDir}/${module}/**/*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: serverModules
          .filter((other) => other !== module)
          .map((other) => ({
            regex: `(^|/)${other}/[^/]*\\.routes(\\.ts)?$`,
            message: "Modules do not import another module's routes; share the schema or use-case it needs instead.",
          })),
      },
    ],
  },
}));

// zod-to-openapi writes a named schema's .nullable() as a bare $ref, losing the null; the web's
// generated types would then promise an object where the server sends null (lib/openapi.ts).
const nullableNamedSchemas = {
  files: [`${serverSrc}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[arguments.length=0][callee.property.name='nullable'][callee.object.type='Identifier'][callee.object.name=/Schema$/]",
        message: "Write nullableRef(schema) (lib/openapi.ts): a named schema's .nullable() loses the null in the OpenAPI document.",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', '**/*.gen.ts'] },
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...featureIsolation,
  drizzleOnlyInRepositories,
  ...libBelowModules,
  ...routesStayHome,
  nullableNamedSchemas,
);
