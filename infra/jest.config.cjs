/**
 * Jest for the infra tooling (data importers, image generation, Compose checks). From the repo root:
 *   npx jest -c infra/jest.config.cjs [path]
 */
const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'infra',
  rootDir: __dirname,
  roots: ['<rootDir>'],
  testMatch: ['<rootDir>/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json') }] },
};
