import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs an `UPDATE ... RETURNING` and gives its rows: TypeORM's postgres driver answers an UPDATE with
 * `[rows, affectedCount]`, a SELECT or INSERT with the rows.
 */
export async function returning<T>(db: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}
