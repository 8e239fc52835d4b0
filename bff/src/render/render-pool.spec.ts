import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import * as path from 'node:path';
import { RenderPool, RenderWorkerError, type RenderRead, type SsrResult } from './render-pool';

/**
 * A server entry standing in for the frontend's: `/loop` never ends (a render stuck in synchronous work),
 * `/exit` ends its worker, `/read` awaits one read from the main thread, `/tid` answers the thread's id in
 * the operating system, anything else renders at once.
 * Each page names the worker's thread id, so a test can tell on which worker a render ran.
 */
const ENTRY = `
const { threadId } = require('node:worker_threads');
let reader;
exports.configure = (r) => { reader = r; };
exports.render = async ({ url }) => {
  const page = (html) => ({ kind: 'page', status: 200, cacheable: true, head: '', html, data: '{}', modules: [] });
  if (url === '/loop') for (;;);
  if (url === '/exit') process.exit(3);
  if (url === '/tid') return page(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (url === '/read') return page('read ' + (await reader('/api/x')).body + ' on ' + threadId);
  return page(url + ' on ' + threadId);
};
`;

const input = (url: string) => ({ url, origin: 'http://localhost', now: Date.now() });
const html = (result: SsrResult) => (result.kind === 'page' ? result.html : result.location);
const threadOf = (result: SsrResult) => Number(/on (\d+)$/.exec(html(result))?.[1]);

describe('RenderPool (real worker threads)', () => {
  let dir: string;
  let file: string;
  let pool: RenderPool | undefined;
  const lost: Error[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'render-pool-'));
    file = path.join(dir, 'entry-server.cjs');
    writeFileSync(file, ENTRY);
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    lost.length = 0;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = (size: number, timeoutMs: number) => {
    pool = new RenderPool(file, size, timeoutMs, (error) => lost.push(error));
    return pool;
  };
  let reads = 0;
  const read: RenderRead = async () => ({ status: 200, body: `answer ${++reads}` });

  it('renders, its reads answered by the main thread', async () => {
    const result = await start(1, 5000).render(input('/read'), read);
    expect(html(result)).toMatch(/^read answer \d+ on \d+$/);
  });

  it('a render past its time fails alone: its worker is replaced and the renders queued on it run on the new one', async () => {
    const renders = start(1, 1500);
    const first = await renders.render(input('/warm'), read);
    const stuck = renders.render(input('/loop'), read).catch((error: unknown) => error);
    // queued behind the stuck render on the pool's only worker
    const queued = [renders.render(input('/a'), read), renders.render(input('/read'), read)];
    const error = await stuck;
    expect(error).toBeInstanceOf(RenderWorkerError);
    expect((error as Error).message).toMatch(/render of \/loop ran past 1500 ms/);
    const [a, b] = await Promise.all(queued);
    expect(html(a)).toMatch(/^\/a on \d+$/);
    expect(html(b)).toMatch(/^read answer \d+ on \d+$/);
    // on a fresh worker, not the stopped one
    expect(threadOf(a)).not.toBe(threadOf(first));
    expect(threadOf(b)).toBe(threadOf(a));
    expect(renders.workers).toBe(1);
    expect(lost).toHaveLength(1);
  });

  it('a render past its time on one of two workers leaves the other worker and its renders alone', async () => {
    const renders = start(2, 1500);
    renders.warm();
    const stuck = renders.render(input('/loop'), read).catch((error: unknown) => error);
    const elsewhere = await renders.render(input('/b'), read);
    expect(await stuck).toBeInstanceOf(RenderWorkerError);
    const after = await renders.render(input('/c'), read);
    expect(html(after)).toMatch(/^\/c on \d+$/);
    expect(renders.workers).toBe(2);
    expect(lost).toHaveLength(1);
    expect(threadOf(elsewhere)).toBeGreaterThan(0);
  });

  it('with `nice`, each worker thread runs at that niceness and the main thread keeps its own (Linux)', async () => {
    if (process.platform !== 'linux') return;
    const own = getPriority();
    // 19, the lowest priority: allowed whatever niceness the test itself runs at
    const renders = (pool = new RenderPool(file, 1, 5000, undefined, { nice: 19 }));
    const tid = html(await renders.render(input('/tid'), read));
    const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
    expect(Number(stat.split(') ')[1].split(' ')[16])).toBe(19);
    expect(getPriority()).toBe(own);
  });

  it('a worker that exits fails the renders it held and is replaced', async () => {
    const renders = start(1, 5000);
    const exited = renders.render(input('/exit'), read).catch((error: unknown) => error);
    expect(await exited).toBeInstanceOf(RenderWorkerError);
    expect(html(await renders.render(input('/d'), read))).toMatch(/^\/d on \d+$/);
    expect(renders.workers).toBe(1);
  });
});
