// `npm test` runs every Node project's unit and integration tests in one jest run.
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const dirs = [
  ...['libs', 'services'].flatMap((group) =>
    readdirSync(path.join(__dirname, group)).map((name) => `${group}/${name}`),
  ),
  'bff',
  'infra',
];

module.exports = {
  // A global option: with `projects`, each project's own testTimeout (jest.preset.cjs) is not read.
  testTimeout: 30_000,
  projects: dirs.map((dir) => path.join(__dirname, dir, 'jest.config.cjs')).filter((file) => existsSync(file)),
};
