// One lint config for the workspace. Project boundaries are enforced by Nx tags (package.json "nx.tags"):
// a service or the BFF uses its own code and the shared libs; the frontend only the public contracts and the pure
// code (type:domain: libs/domain, the site's rules, and libs/recipe, the drink model). The domain libraries depend only
// on each other and on no zod, framework or driver (the public pages' bundle); the contracts (zod schemas) only on them.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The frontend's import rules (docs/conventions.md), as `no-restricted-imports` options. A later config block's
// options replace an earlier one's, so each block below lists every pattern that applies to its files.
const publicContractsOnly = {
  group: ['@coffee-guide/contracts/internal', '@coffee-guide/contracts/internal/*'],
  message: 'The frontend uses only the public contracts.',
};
const useSrcAlias = {
  regex: '^(\\.\\./){2,}',
  message:
    'Import from two or more folders up through the @/ alias (frontend/src); node frontend/scripts/alias-imports.mjs rewrites it.',
};
// A feature (frontend/src/features/<name>/) imports its own folder and the shared code in components/, lib/ and config/;
// what two features share moves there. Its tests may also use the test harness (testing/) and the app's providers.
const frontendFeatures = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['components', 'lib', 'config'];
const SHARED_IN_TESTS = [...SHARED, 'testing', 'app'];
const featureImports = (feature, allowed) => ({
  regex: `^@/(?!(${allowed.join('|')})(/|$)|features/${feature}(/|$))`,
  message: `A feature imports only its own folder (@/features/${feature}) and shared code from @/${allowed.join(', @/')}; move what two features share there (docs/conventions.md).`,
});
// from a file at the top of a feature's folder, `../` is already outside it
const leavesTheFeature = {
  regex: '^\\.\\./',
  message: 'Outside its own folder a feature imports through the @/ alias.',
};
const featureBoundaries = frontendFeatures.flatMap((feature) => {
  const dir = `frontend/src/features/${feature}`;
  const rule = (allowed, atTop) => ({
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          publicContractsOnly,
          useSrcAlias,
          featureImports(feature, allowed),
          ...(atTop ? [leavesTheFeature] : []),
        ],
      },
    ],
  });
  // the later block wins: the feature's files, its tests, the files at its top, the tests at its top
  return [
    { files: [`${dir}/**/*.{ts,tsx}`], rules: rule(SHARED, false) },
    { files: [`${dir}/**/*.test.{ts,tsx}`], rules: rule(SHARED_IN_TESTS, false) },
    { files: [`${dir}/*.{ts,tsx}`], rules: rule(SHARED, true) },
    { files: [`${dir}/*.test.{ts,tsx}`], rules: rule(SHARED_IN_TESTS, true) },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-output/**',
      'frontend/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.cjs', '**/*.js'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          banTransitiveDependencies: false,
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: ['zod', '@nestjs/*', 'typeorm', 'pg', 'ioredis', 'react', '@mantine/*'],
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain'], allowedExternalImports: ['zod'] },
            { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:shared'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:lib', 'type:shared'],
            },
            {
              sourceTag: 'type:bff',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:lib', 'type:shared'],
            },
            {
              sourceTag: 'type:frontend',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:shared'],
              bannedExternalImports: [
                '@nestjs/*',
                'typeorm',
                'pg',
                'ioredis',
                'bullmq',
                'fastify',
                '@fastify/*',
                'argon2',
                'jose',
              ],
            },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [publicContractsOnly] }],
    },
  },
  {
    files: ['frontend/src/**/*.ts', 'frontend/src/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [publicContractsOnly, useSrcAlias] }] },
  },
  ...featureBoundaries,
  {
    // Tool configuration files load the shared presets by path.
    files: ['**/jest.config.cjs', 'jest.preset.cjs', '**/vite.config.ts', '**/postcss.config.cjs', 'eslint.config.mjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['infra/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
