// `npm test` runs every Node project's unit and integration tests in one jest run.
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.cjs',
    '<rootDir>/services/*/jest.config.cjs',
    '<rootDir>/bff/jest.config.cjs',
    '<rootDir>/infra/jest.config.cjs',
  ],
};
