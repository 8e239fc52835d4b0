// The package's main entry is what the BFF loads: none of it may need TypeORM (or the pg driver) at run time.
jest.mock('typeorm', () => {
  throw new Error('the main entry of nest-common loaded typeorm');
});
jest.mock('@nestjs/typeorm', () => {
  throw new Error('the main entry of nest-common loaded @nestjs/typeorm');
});

describe('nest-common entries', () => {
  it('the main entry loads without TypeORM', () => {
    expect(() => jest.isolateModules(() => require('../index'))).not.toThrow();
  });

  it('the typeorm entry is the one that needs it', () => {
    expect(() => jest.isolateModules(() => require('./index'))).toThrow(/loaded (typeorm|@nestjs\/typeorm)/);
  });
});
