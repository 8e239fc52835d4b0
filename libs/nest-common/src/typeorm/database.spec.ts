import type { EntityManager } from 'typeorm';
import { insertWithIds, likeLiteral, resetSequence, withSeedIds } from './database';

// The database side is exercised by each seeding service's exact-seed test (real Postgres); these are the
// refusals that come before any query.
describe('seed helpers', () => {
  const manager = { query: jest.fn() } as unknown as EntityManager;

  it('insertWithIds refuses a row without a positive integer id, before touching the database', async () => {
    for (const id of [undefined, 0, -1, 1.5, '3']) {
      await expect(insertWithIds(manager, 'things', [{ id: 1 }, { id } as never])).rejects.toThrow(
        /positive integer id/,
      );
    }
    expect(manager.query).not.toHaveBeenCalled();
  });

  it('resetSequence takes plain identifiers only', async () => {
    await expect(resetSequence(manager, 'menu_items; DROP TABLE x')).rejects.toThrow(/plain identifier/);
    await expect(resetSequence(manager, 'menu_items', 'id"')).rejects.toThrow(/plain identifier/);
    expect(manager.query).not.toHaveBeenCalled();
    await resetSequence(manager, 'menu_items');
    expect(manager.query).toHaveBeenCalledWith(
      expect.stringMatching(
        /setval\(pg_get_serial_sequence\(\$1, \$2\), COALESCE\(\(SELECT MAX\("id"\) FROM "menu_items"\), 0\) \+ 1, false\)/,
      ),
      ['menu_items', 'id'],
    );
  });

  it('withSeedIds numbers records 1..n in order', () => {
    expect(withSeedIds([{ k: 'a' }, { k: 'b' }])).toEqual([
      { k: 'a', id: 1 },
      { k: 'b', id: 2 },
    ]);
  });
});

describe('likeLiteral', () => {
  it.each([
    ['\\', '\\\\'],
    ['%', '\\%'],
    ['_', '\\_'],
    ['50%_off\\now', '50\\%\\_off\\\\now'],
    ['golden eagle', 'golden eagle'],
  ])('escapes %j as %j', (input, escaped) => {
    expect(likeLiteral(input)).toBe(escaped);
  });
});
