const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'content',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
};
