// One lint config for the workspace. Project boundaries are enforced by Nx tags (package.json "nx.tags"):
// a service or the BFF uses its own code and the shared libs; the frontend only the public contracts and the pure
// shared code (type:shared, e.g. libs/recipe).
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/.nx/**', '**/coverage/**', '**/test-output/**', 'frontend/public/**'],
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
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], allowedExternalImports: ['zod'] },
            { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:contracts', 'type:shared'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:lib', 'type:shared'] },
            { sourceTag: 'type:bff', onlyDependOnLibsWithTags: ['type:contracts', 'type:lib', 'type:shared'] },
            {
              sourceTag: 'type:frontend',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:shared'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'ioredis', 'bullmq', 'fastify', '@fastify/*', 'argon2', 'jose'],
            },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:contracts', 'type:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@coffee-guide/contracts/internal', '@coffee-guide/contracts/internal/*'], message: 'The frontend uses only the public contracts.' }] },
      ],
    },
  },
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
