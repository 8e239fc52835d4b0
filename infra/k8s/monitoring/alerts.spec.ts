/**
 * The alerts (infra/k8s/monitoring/alerts.yaml, a PrometheusRule): its `spec` is a Prometheus rules file,
 * checked by `promtool check rules` and unit-tested by `promtool test rules` with alerts.test.yaml (for
 * every alert, series that fire it and series that do not). docs/operations.md describes each alert and
 * keeps no copy of its PromQL.
 *   npx jest -c infra/jest.config.cjs infra/k8s/monitoring
 * promtool comes with Debian's `prometheus` package. Without it the suite is skipped and says so; in CI
 * (CI=true) it fails instead.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parse, stringify } from 'yaml';

const HERE = __dirname;
const ROOT = path.resolve(HERE, '..', '..', '..');

type Rule = {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
};
type RuleTest = { alertname: string; eval_time: string; exp_alerts: unknown[] };

const haveProm = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
const inCi = process.env.CI === 'true';
if (!haveProm && !inCi)
  console.warn(
    'infra/k8s/monitoring/alerts.spec.ts: promtool checks SKIPPED, promtool is not on the PATH (apt-get install prometheus)',
  );

const resource = parse(readFileSync(path.join(HERE, 'alerts.yaml'), 'utf8'));
const rules: Rule[] = resource.spec.groups.flatMap((g: { rules: Rule[] }) => g.rules);
const alerts = rules.filter((r) => r.alert).map((r) => r.alert!);
const unitTests: { name: string; alert_rule_test: RuleTest[] }[] = parse(
  readFileSync(path.join(HERE, 'alerts.test.yaml'), 'utf8'),
).tests;

describe('the alerts (PrometheusRule infra/k8s/monitoring/alerts.yaml)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'coffee-guide-alerts-'));
    writeFileSync(path.join(dir, 'alerts.rules.yaml'), stringify(resource.spec));
    copyFileSync(path.join(HERE, 'alerts.test.yaml'), path.join(dir, 'alerts.test.yaml'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a PrometheusRule whose every alert has a severity and a summary', () => {
    expect([resource.apiVersion, resource.kind]).toEqual(['monitoring.coreos.com/v1', 'PrometheusRule']);
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const r of rules.filter((x) => x.alert)) {
      expect([r.alert, ['page', 'ticket'].includes(r.labels?.severity ?? '')]).toEqual([r.alert, true]);
      expect([r.alert, typeof r.annotations?.summary, r.annotations?.runbook]).toEqual([
        r.alert,
        'string',
        'docs/operations.md#alerts',
      ]);
    }
  });

  it('has, for every alert, a unit test where it fires and one where it stays quiet', () => {
    const cases = unitTests.flatMap((t) => t.alert_rule_test);
    for (const a of alerts) {
      const mine = cases.filter((c) => c.alertname === a);
      expect([a, mine.some((c) => c.exp_alerts.length > 0), mine.some((c) => c.exp_alerts.length === 0)]).toEqual([
        a,
        true,
        true,
      ]);
    }
    // and no test of an alert that does not exist
    for (const c of cases) expect(alerts).toContain(c.alertname);
  });

  const promIt = haveProm || inCi ? it : it.skip;

  promIt('passes `promtool check rules`', () => {
    expect(haveProm).toBe(true); // in CI a missing promtool is a failure, never a skip
    const out = spawnSync('promtool', ['check', 'rules', path.join(dir, 'alerts.rules.yaml')], { encoding: 'utf8' });
    expect([out.status, out.stdout + out.stderr]).toEqual([
      0,
      expect.stringContaining(`SUCCESS: ${rules.length} rules found`),
    ]);
  });

  promIt('passes `promtool test rules` (alerts.test.yaml)', () => {
    expect(haveProm).toBe(true);
    const out = spawnSync('promtool', ['test', 'rules', 'alerts.test.yaml'], { cwd: dir, encoding: 'utf8' });
    expect([out.status, out.stdout + out.stderr]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  it('is what docs/operations.md describes: every alert by name, the rules file linked, no copy of the PromQL', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    expect(doc).toContain('infra/k8s/monitoring/alerts.yaml');
    const section = doc.slice(doc.indexOf('\n## Alerts'), doc.indexOf('\n## ', doc.indexOf('\n## Alerts') + 1));
    const documented = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...alerts].sort());
    expect(doc).not.toMatch(/```promql/);
    for (const r of rules) expect([r.alert, doc.includes(r.expr)]).toEqual([r.alert, false]);
  });
});
