const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'recipe',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
