// The figures of one `npm run bench` run, kept: test-output/bench/runs/<time>[-<parts>].json (what results.json
// holds) and .md (the report as printed, its tables as Markdown tables), so a document quotes a run's own
// table rather than figures copied by hand (docs/development.md "Other commands").
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Collects what console.log prints while on (the tables and their captions), still printing it. `restore`
 * puts console.log back.
 */
export function captureReport() {
  const lines = [];
  let on = false;
  const original = console.log;
  console.log = (...args) => {
    original(...args);
    if (on) lines.push(...args.map(String).join(' ').split('\n'));
  };
  return {
    start: () => (on = true),
    stop: () => (on = false),
    restore: () => (console.log = original),
    lines,
  };
}

const cells = (line) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(' | ')
    .map((c) => c.trim());

/**
 * The printed report as Markdown: a line with ` | ` is a table row (the first of a table its header, given a
 * separator unless it has one), any other line a paragraph.
 */
export function reportMarkdown(lines) {
  const out = [];
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    const row = line.includes(' | ') || /^\|.*\|$/.test(line);
    if (!row) {
      if (inTable || (line === '' && out.at(-1) !== '')) out.push('');
      inTable = false;
      if (line !== '') out.push(line, '');
      continue;
    }
    if (/^\|[-| :]+\|$/.test(line)) {
      out.push(line);
      continue;
    }
    out.push(`| ${cells(line).join(' | ')} |`);
    if (!inTable) {
      const next = lines[i + 1]?.trim() ?? '';
      if (!/^\|[-| :]+\|$/.test(next))
        out.push(
          `|${cells(line)
            .map(() => '---')
            .join('|')}|`,
        );
    }
    inTable = true;
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** Writes one run's JSON and Markdown under `dir`/runs; answers the two paths. */
export function writeRun(dir, { at, parts, results, lines }) {
  const runs = path.join(dir, 'runs');
  mkdirSync(runs, { recursive: true });
  const stem = path.join(runs, `${at.replace(/[:.]/g, '-')}${parts.length ? `-${parts.join('-')}` : ''}`);
  writeFileSync(`${stem}.json`, JSON.stringify(results, null, 2));
  const title = `# npm run bench${parts.length ? ` -- ${parts.join(' ')}` : ''}, ${at}\n\n`;
  writeFileSync(`${stem}.md`, title + reportMarkdown(lines));
  return { json: `${stem}.json`, markdown: `${stem}.md` };
}
