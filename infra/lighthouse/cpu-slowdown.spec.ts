import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** cpuSlowdownFor of each index, computed by cpu-slowdown.mjs in a Node process of its own (jest here loads no ES modules). */
function slowdowns(indexes: unknown[]): unknown[] {
  const file = path.join(__dirname, 'cpu-slowdown.mjs');
  const code = `import { cpuSlowdownFor } from ${JSON.stringify(file)};
const out = ${JSON.stringify(indexes)}.map((i) => { try { return cpuSlowdownFor(i); } catch (e) { return e.name; } });
console.log(JSON.stringify(out));`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout);
}

describe("the CPU slowdown from Lighthouse's benchmark index (infra/lighthouse/cpu-slowdown.mjs)", () => {
  it("gives the calculator's multipliers: 1,533 -> 4, 1,000 -> 2.4, 3,500 -> 12.4", () => {
    expect(slowdowns([1533, 1000, 3500])).toEqual([4, 2.4, 12.4]);
  });

  it('meets at the bands edges and rounds to one decimal', () => {
    // 1,300 is 3 from either band; 800 is 2 from either band
    expect(slowdowns([1300, 1299, 800, 799])).toEqual([3, 3, 2, 2]);
    expect(slowdowns([2000, 500, 150])).toEqual([6, 1.5, 1]);
  });

  it('never speeds a slow machine up, and refuses what is not an index', () => {
    expect(slowdowns([100, 20])).toEqual([1, 1]);
    expect(slowdowns([0, -5, null, 'fast'])).toEqual(['RangeError', 'RangeError', 'RangeError', 'RangeError']);
  });
});
