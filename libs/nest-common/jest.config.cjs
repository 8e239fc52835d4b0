const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'nest-common',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
