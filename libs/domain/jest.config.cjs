const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'domain',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
