// `npm start` keeps the site up: the supervisor of infra/scripts/lib/stack.mjs on tiny scripts that
// crash (an exit code, a signal), with short waits. Each exit is said with the app, the code or signal and
// when it restarts; the wait doubles for crashes in a row up to its ceiling, and starts again from the
// first once the app had stayed up long enough; after stop() (what Ctrl-C calls) nothing is restarted.
// Needs no stack: node --test infra/resilience/supervisor.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnApp, stopStack, superviseStack } from '../scripts/lib/stack.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'coffee-supervisor-'));
after(() => rmSync(work, { recursive: true, force: true }));

// Run n (from 1) does what its plan says: "exit:N", "signal:NAME", "up:MS then exit:N", or "stay".
const SCRIPT = path.join(work, 'crashy.mjs');
writeFileSync(
  SCRIPT,
  `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.env.COUNTER;
const n = Number(readFileSync(file, 'utf8') || 0) + 1;
writeFileSync(file, String(n));
const step = (process.env.PLAN.split(',')[n - 1] ?? 'stay');
console.log('run ' + n + ': ' + step);
process.on('SIGTERM', () => process.exit(0));
const [kind, arg, , then] = step.split(/[: ]/);
if (kind === 'exit') process.exit(Number(arg));
else if (kind === 'signal') process.kill(process.pid, arg);
else if (kind === 'up') setTimeout(() => process.exit(Number(then)), Number(arg));
setInterval(() => undefined, 1000);
`,
);

function crashy(name, plan) {
  const counter = path.join(work, `${name}.count`);
  writeFileSync(counter, '');
  return {
    app: { name, command: [SCRIPT], env: { COUNTER: counter, PLAN: plan.join(',') } },
    runs: () => Number(readFileSync(counter, 'utf8') || 0),
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, probe, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function supervised(app, options) {
  const running = new Map();
  const said = [];
  spawnApp(app, process.env, { logDir: work, running });
  const supervisor = superviseStack(running, {
    spawn: (a) => spawnApp(a, process.env, { logDir: work }),
    say: (line, meta) => said.push({ line, ...meta, at: Date.now() }),
    ...options,
  });
  return { running, said, supervisor };
}

describe('npm start restarts a crashed app', () => {
  it('restarts after each crash, saying which app, how it exited and when it restarts; the wait doubles up to its ceiling', async () => {
    const { app, runs } = crashy('bff', ['exit:3', 'signal:SIGKILL', 'exit:134', 'stay']);
    const { running, said, supervisor } = supervised(app, { initialMs: 200, maxMs: 500, resetAfterMs: 60_000 });
    try {
      await until('the fourth run', () => runs() === 4 && said.filter((s) => s.event === 'restart').length === 3);
      await sleep(700); // the fourth stays up: no exit is said after it
      const exits = said.filter((s) => s.event === 'exit');
      assert.equal(exits.length, 3, said.map((s) => s.line).join('\n'));
      assert.match(
        exits[0].line,
        /^\[bff\] exited with code 3 at \d\d:\d\d:\d\d after \d+ ms up; restarting in 200 ms \(at \d\d:\d\d:\d\d\)$/,
      );
      assert.match(exits[1].line, /^\[bff\] exited with signal SIGKILL .* restarting in 400 ms/);
      assert.match(exits[2].line, /^\[bff\] exited with code 134 .* restarting in 500 ms/, 'capped at the ceiling');
      const restarts = said.filter((s) => s.event === 'restart');
      const waits = [200, 400, 500];
      restarts.forEach((r, i) => {
        assert.match(r.line, /^\[bff\] restarted at \d\d:\d\d:\d\d \(pid \d+\)$/);
        assert.ok(
          r.at - exits[i].at >= waits[i] - 5,
          `restart ${i + 1} waited ${r.at - exits[i].at} ms, less than ${waits[i]}`,
        );
      });
      const current = running.get('bff');
      assert.equal(current.child.exitCode, null, 'the fourth run is the one recorded, and it runs');
    } finally {
      supervisor.stop();
      await stopStack(running);
    }
  });

  it('starts the wait again from the first once the app had stayed up long enough', async () => {
    const { app, runs } = crashy('catalog', ['exit:1', 'up:600 exit:1', 'stay']);
    const { running, said, supervisor } = supervised(app, { initialMs: 150, maxMs: 5000, resetAfterMs: 400 });
    try {
      await until('the third run', () => runs() === 3 && said.filter((s) => s.event === 'restart').length === 2);
      const exits = said.filter((s) => s.event === 'exit').map((s) => s.line);
      assert.match(exits[0], /restarting in 150 ms/);
      assert.match(
        exits[1],
        /after \d+ ms up; restarting in 150 ms/,
        'up 600 ms, past the 400 ms that reset the wait: not 300 ms',
      );
    } finally {
      supervisor.stop();
      await stopStack(running);
    }
  });

  it('restarts nothing once stopped (Ctrl-C): a pending restart is cancelled and a stopped app stays stopped', async () => {
    const { app, runs } = crashy('content', ['exit:1', 'stay']);
    const { running, said, supervisor } = supervised(app, { initialMs: 300, maxMs: 300 });
    try {
      await until('the first exit', () => said.some((s) => s.event === 'exit'));
      supervisor.stop(); // within the 300 ms wait
      await sleep(600);
      assert.equal(runs(), 1, 'the pending restart ran after stop()');
      assert.equal(said.filter((s) => s.event === 'restart').length, 0);
    } finally {
      supervisor.stop();
      await stopStack(running);
    }
    const { app: other, runs: otherRuns } = crashy('auth', ['stay']);
    const second = supervised(other, { initialMs: 100 });
    await until('the app to run', () => otherRuns() === 1);
    second.supervisor.stop();
    await stopStack(second.running);
    await sleep(400);
    assert.equal(otherRuns(), 1, 'an app stopped by Ctrl-C was started again');
    assert.deepEqual(second.said, []);
  });
});
