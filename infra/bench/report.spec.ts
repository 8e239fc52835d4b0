import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** Runs report.mjs in a Node process of its own (jest here does not load ES modules) and answers its output. */
function withReport(code: string): string {
  const file = path.join(__dirname, 'report.mjs');
  const res = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import * as report from ${JSON.stringify(file)};\n${code}`],
    {
      encoding: 'utf8',
    },
  );
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout;
}

describe("the bench's kept report (infra/bench/report.mjs)", () => {
  it('turns the printed report into Markdown: captions as paragraphs, rows as tables with one separator each', () => {
    const lines = [
      '',
      'Hostile traffic: 3,000 requests in 22.3 s.',
      'measure | value | target',
      'cache entries added | 0 | 0 (met)',
      '/api/health p95 idle | 3.1 ms | -',
      '',
      'The largest CSV import.',
      '| run | status |',
      '|---|---|',
      '| apply | 200 |',
    ];
    const md = withReport(`process.stdout.write(report.reportMarkdown(${JSON.stringify(lines)}));`);
    expect(md).toBe(
      [
        'Hostile traffic: 3,000 requests in 22.3 s.',
        '',
        '| measure | value | target |',
        '|---|---|---|',
        '| cache entries added | 0 | 0 (met) |',
        '| /api/health p95 idle | 3.1 ms | - |',
        '',
        'The largest CSV import.',
        '',
        '| run | status |',
        '|---|---|',
        '| apply | 200 |',
        '',
      ].join('\n'),
    );
  });

  it("keeps each run's JSON and Markdown under runs/, named by its time and the parts it ran, and captures what is printed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
    try {
      const out = withReport(`
        const capture = report.captureReport();
        console.log('not kept');
        capture.start();
        console.log('\\ncase | p50 µs\\nrecipe | 20.1');
        capture.stop();
        capture.restore();
        const kept = report.writeRun(${JSON.stringify(dir)}, { at: '2026-11-28T20:00:00.000Z', parts: ['hostile'], results: { a: 1 }, lines: capture.lines });
        console.log(JSON.stringify(kept));
      `);
      const kept = JSON.parse(out.trim().split('\n').pop()!) as { json: string; markdown: string };
      expect(path.basename(kept.json)).toBe('2026-11-28T20-00-00-000Z-hostile.json');
      expect(JSON.parse(readFileSync(kept.json, 'utf8'))).toEqual({ a: 1 });
      expect(readFileSync(kept.markdown, 'utf8')).toBe(
        '# npm run bench -- hostile, 2026-11-28T20:00:00.000Z\n\n| case | p50 µs |\n|---|---|\n| recipe | 20.1 |\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
