import * as path from 'node:path';
import { summariseOffThread } from './import-answer';

// The worker is a plain Node thread: it loads the built contracts (npm run build, or the project's build).
const CONTRACTS = path.resolve(__dirname, '../../../libs/contracts/dist/index.js');

const answer = (created: number, content: string, applied = false) =>
  Buffer.from(
    JSON.stringify({
      resource: 'blog',
      dryRun: !applied,
      applied,
      counts: { created, changed: 0, unchanged: 0, errors: 0 },
      created: Array.from({ length: created }, (_, i) => ({
        line: i + 2,
        key: { name: 'slug', value: `p-${i}` },
        values: { slug: `p-${i}`, content },
      })),
      changed: [],
      unchanged: [],
      errors: [],
    }),
  );

describe('an import answer checked off the event loop', () => {
  it('tells whether it wrote, when it matches the contract', async () => {
    expect(await summariseOffThread(answer(2, 'x', true), CONTRACTS)).toEqual({ ok: true, applied: true, written: 2 });
    expect(await summariseOffThread(answer(3, 'x'), CONTRACTS)).toEqual({ ok: true, applied: false, written: 3 });
  });

  it('says so when it does not: not JSON, or not the contract', async () => {
    expect(await summariseOffThread(Buffer.from('{"resource":'), CONTRACTS)).toEqual({ ok: false });
    expect(await summariseOffThread(Buffer.from('{"applied":"yes"}'), CONTRACTS)).toEqual({ ok: false });
  });

  it('checks a 10 MB preview while the event loop goes on: a timer set every 5 ms keeps firing', async () => {
    const body = answer(1000, 'A "golden" drink, café-style ☕.\n'.repeat(300));
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const start = performance.now();
    const summary = await summariseOffThread(body, CONTRACTS);
    const ms = performance.now() - start;
    clearInterval(timer);
    expect(summary).toEqual({ ok: true, applied: false, written: 1000 });
    console.log(
      `a ${(body.length / 1048576).toFixed(1)} MB answer checked on a worker in ${ms.toFixed(0)} ms; longest gap between timers ${longest.toFixed(0)} ms`,
    );
  });
});
