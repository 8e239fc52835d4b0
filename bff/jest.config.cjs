const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'bff',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
};
