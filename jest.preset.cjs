// Shared by every Node project's jest config: TypeScript through ts-jest (transpile only: `tsc -b`
// type-checks in the build), and the workspace libs resolved to their sources.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.jest.json') }],
  },
  moduleNameMapper: {
    '^@coffee-guide/domain$': path.join(root, 'libs/domain/src/index.ts'),
    '^@coffee-guide/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@coffee-guide/contracts/internal$': path.join(root, 'libs/contracts/src/internal/index.ts'),
    '^@coffee-guide/recipe$': path.join(root, 'libs/recipe/src/index.ts'),
    '^@coffee-guide/nest-common$': path.join(root, 'libs/nest-common/src/index.ts'),
    '^@coffee-guide/nest-common/typeorm$': path.join(root, 'libs/nest-common/src/typeorm/index.ts'),
    '^@coffee-guide/nest-common/testing$': path.join(root, 'libs/nest-common/src/testing/index.ts'),
  },
  testTimeout: 30_000,
};
