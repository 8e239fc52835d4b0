import { ConflictException } from '@nestjs/common';
import { isUniqueViolation, rethrowUniqueViolation, uniqueViolationOf } from './pg-errors';

const driverError = { code: '23505', constraint: 'uq_blog_slug' };
const queryFailed = Object.assign(new Error('duplicate key value violates unique constraint'), { driverError });

describe('unique violations of a write', () => {
  it('are read from the driver’s error and from TypeORM’s', () => {
    expect(uniqueViolationOf(queryFailed)).toEqual({ constraint: 'uq_blog_slug' });
    expect(uniqueViolationOf(Object.assign(new Error('x'), driverError))).toEqual({ constraint: 'uq_blog_slug' });
    expect(uniqueViolationOf(Object.assign(new Error('x'), { code: '23503' }))).toBeUndefined();
    expect(uniqueViolationOf(null)).toBeUndefined();
    expect(isUniqueViolation(queryFailed)).toBe(true);
    expect(isUniqueViolation(queryFailed, 'uq_blog_slug')).toBe(true);
    expect(isUniqueViolation(queryFailed, 'uq_other')).toBe(false);
  });

  it('become a 409 naming the field, and any other error stays itself', () => {
    const fields = { uq_blog_slug: { field: 'slug', message: 'is taken' } };
    let thrown: unknown;
    try {
      rethrowUniqueViolation(queryFailed, fields);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConflictException);
    expect((thrown as ConflictException).getResponse()).toEqual({
      statusCode: 409,
      message: 'Validation failed: slug: is taken',
      errors: { slug: 'is taken' },
    });
    const other = new Error('connection lost');
    expect(() => rethrowUniqueViolation(other, fields)).toThrow(other);
    expect(() => rethrowUniqueViolation(queryFailed, {})).toThrow(queryFailed);
  });
});
