import { Worker } from 'node:worker_threads';
import type { SsrApiReader, SsrInput, SsrResult } from '@coffee-guide/contracts';

/** One read of a render, answered by the main thread (the BFF's own route, in process, through its cache). */
export type RenderRead = SsrApiReader;

/** What the server entry's `render` is asked and answers (frontend/src/entry-server.tsx, libs/contracts SsrEntry). */
export type { SsrInput, SsrResult };

/**
 * The worker's code (docs/web.md "The render path"): it loads the server entry once and renders what it is
 * sent, several renders at a time (each awaits its reads); each read goes to the main thread as
 * `{ id, render, apiPath }` and is answered `{ id, answer: { status, body, headers } }`. Plain JavaScript
 * run with `eval`, so the same code runs from the compiled BFF and under ts-jest.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { AsyncLocalStorage } = require('node:async_hooks');
const current = new AsyncLocalStorage();
const pending = new Map();
let nextRead = 0;
if (workerData.nice > 0) {
  // this thread only (Linux keeps a niceness per thread): renders yield the CPU to the main thread
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(tid, workerData.nice);
  } catch {}
}
const entry = require(workerData.file);
entry.configure((apiPath) => new Promise((resolve, reject) => {
  const id = ++nextRead;
  pending.set(id, { resolve, reject });
  parentPort.postMessage({ type: 'read', id, render: current.getStore(), apiPath });
}));
parentPort.on('message', (message) => {
  if (message.type === 'answer') {
    const read = pending.get(message.id);
    if (!read) return;
    pending.delete(message.id);
    if (message.error !== undefined) read.reject(new Error(message.error));
    else read.resolve(message.answer);
    return;
  }
  if (message.type === 'render') {
    current.run(message.render, () => Promise.resolve().then(() => entry.render(message.input))).then(
      (result) => parentPort.postMessage({ type: 'done', render: message.render, result }),
      (error) => parentPort.postMessage({ type: 'done', render: message.render, error: String((error && error.stack) || error) }),
    );
  }
});
`;

interface Job {
  input: SsrInput;
  read: RenderRead;
  resolve(result: SsrResult): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  /** Started again on another worker after its worker was stopped for another render's timeout. */
  retried: boolean;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  retired: boolean;
}

type FromWorker =
  | { type: 'read'; id: number; render: number; apiPath: string }
  | { type: 'done'; render: number; result?: SsrResult; error?: string };

/** A render the pool gave up on: its worker threw outside a render, exited, or the render ran past its time. */
export class RenderWorkerError extends Error {}

/**
 * A fixed number of worker threads that run the frontend's server entry (docs/web.md "The render path"), so a
 * render's synchronous work never holds the BFF's main thread: health checks, cached pages and API answers
 * are served while pages render. A render goes to the worker with the fewest renders in progress. A render
 * past `timeoutMs` has its worker terminated and replaced: that render fails (the page answers as a failed
 * render does), and the other renders the worker held start again on the fresh worker or another one (once;
 * a second such loss fails them). A worker that crashes or exits is replaced too; every render it held fails,
 * since any of them may have caused it. With `nice` (Linux), each worker thread lowers its own scheduling
 * priority: under a flood of renders the main thread keeps the CPU it needs for health checks and cached
 * pages (docs/security.md "The main thread under hostile traffic").
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private nextRender = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly timeoutMs: number,
    private readonly onWorkerLost: (error: Error) => void = () => undefined,
    private readonly options: { nice?: number } = {},
  ) {}

  /** Workers running now (for tests). */
  get workers(): number {
    return this.slots.length;
  }

  /** Starts the workers now rather than at the first render (each loads the entry: a few hundred ms). */
  warm(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  render(input: SsrInput, read: RenderRead): Promise<SsrResult> {
    if (this.closed) return Promise.reject(new RenderWorkerError('the render pool is closed'));
    return new Promise<SsrResult>((resolve, reject) => this.dispatch({ input, read, resolve, reject, retried: false }));
  }

  /** Sends a render to the worker with the fewest renders in progress, under its own time limit. */
  private dispatch(job: Job): void {
    if (this.closed) {
      job.reject(new RenderWorkerError('the render pool is closed'));
      return;
    }
    this.warm();
    const slot = this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = ++this.nextRender;
    job.timer = setTimeout(() => this.timedOut(slot, id), this.timeoutMs);
    slot.jobs.set(id, job);
    slot.worker.postMessage({ type: 'render', render: id, input: job.input });
  }

  /**
   * A render ran past its time: its worker (stuck in it: a render is synchronous work) is terminated and
   * replaced. Only that render fails; the worker's other renders start again elsewhere.
   */
  private timedOut(slot: Slot, id: number): void {
    const job = slot.jobs.get(id);
    if (!job || slot.retired) return;
    slot.jobs.delete(id);
    const others = [...slot.jobs.values()];
    slot.jobs.clear();
    const error = new RenderWorkerError(
      `render of ${job.input.url} ran past ${this.timeoutMs} ms: its worker was stopped`,
    );
    job.reject(error);
    void this.retire(slot, error);
    for (const other of others) {
      clearTimeout(other.timer);
      if (other.retried) {
        other.reject(
          new RenderWorkerError(`render of ${other.input.url} lost its worker twice to other renders' timeouts`),
        );
        continue;
      }
      other.retried = true;
      this.dispatch(other);
    }
  }

  /** Stops every worker (graceful shutdown); a render still in progress fails. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => this.retire(slot, new RenderWorkerError('the render pool is closed'))));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { file: this.file, nice: this.options.nice ?? 0 },
    });
    const slot: Slot = { worker, jobs: new Map(), retired: false };
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on(
      'error',
      (error) => void this.retire(slot, new RenderWorkerError(`render worker failed: ${error.stack ?? error.message}`)),
    );
    worker.on(
      'exit',
      (code) => void this.retire(slot, new RenderWorkerError(`render worker exited with code ${code}`)),
    );
    // a worker that is idle does not keep the process alive
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'read') {
      const job = slot.jobs.get(message.render);
      const answer = job ? job.read(message.apiPath) : Promise.reject(new Error('read of a render that has ended'));
      answer.then(
        (value) => !slot.retired && slot.worker.postMessage({ type: 'answer', id: message.id, answer: value }),
        (error: unknown) =>
          !slot.retired &&
          slot.worker.postMessage({
            type: 'answer',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    const job = slot.jobs.get(message.render);
    if (!job) return;
    slot.jobs.delete(message.render);
    clearTimeout(job.timer);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve(message.result!);
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    for (const job of slot.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    slot.jobs.clear();
    if (!this.closed) this.onWorkerLost(error);
    await slot.worker.terminate();
  }
}
