const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'locations',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
};
