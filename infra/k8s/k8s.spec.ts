/**
 * The Kubernetes manifests (infra/k8s), checked offline: each overlay rendered by `kubectl kustomize`
 * (kubectl 1.32 bundles Kustomize 5.5), every object validated strictly, an unknown field included,
 * against the Kubernetes schemas (kubernetes-models), the Prometheus Operator's, and a shape of
 * CloudNativePG's (infra/k8s/schemas.ts), and the properties the site relies on: probes, resources, the
 * Pod Security "restricted" profile, spread, disruption budgets, autoscalers that own their replica
 * counts, generated (hashed) configuration, pinned images, no literal secret in production, the network
 * paths allowed and denied, the environment each app really reads, scraping and alerts, and a Postgres
 * connection budget that adds up.
 *   npx jest -c infra/jest.config.cjs infra/k8s
 * Without kubectl on the PATH the suite is skipped with a message saying so; in CI (CI=true) it fails.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { envVariables } from '../lib/env-variables';
import { strictProblems } from './schemas';

const ROOT = path.resolve(__dirname, '..', '..');
const OVERLAYS = ['dev', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

type Obj = Record<string, any>;

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const haveKubectl = kubectl.status === 0;
/** CI never skips: a machine without kubectl fails the suite there (.ci/run checks for it first too). */
const inCi = process.env.CI === 'true';
if (!haveKubectl && !inCi) {
  console.warn(
    'infra/k8s/k8s.spec.ts: SKIPPED, kubectl is not on the PATH (install kubectl 1.32 to render the Kustomize overlays)',
  );
}

function renderDir(dir: string): Obj[] {
  const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 << 20 });
  if (out.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${out.stderr}`);
  return parseAllDocuments(out.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
}
const render = (overlay: Overlay): Obj[] => renderDir(path.join(ROOT, 'infra', 'k8s', 'overlays', overlay));

/** The longest request an app may be serving when it gets SIGTERM: a CSV import or export (docs/csv.md). */
function csvTimeoutSeconds(): number {
  const text = readFileSync(path.join(ROOT, 'bff', 'src', 'config', 'env.ts'), 'utf8');
  const ms = Number(/ADMIN_CSV_TIMEOUT_MS:[^\n]*\.default\(([\d_]+)\)/.exec(text)?.[1].replace(/_/g, ''));
  if (!(ms > 0)) throw new Error('ADMIN_CSV_TIMEOUT_MS has no default in bff/src/config/env.ts');
  return ms / 1000;
}
/** The apps that serve CSV imports and exports (the BFF forwards them to the owning service). */
const CSV_APPS = ['bff', 'catalog', 'locations', 'content'];

/** The apps: Deployment name -> the env schema it reads, its port, and its metrics port (agreed numbering). */
const APPS: Record<string, { envFile: string; prefix: string; port: number; metrics: number; db?: string }> = {
  bff: { envFile: 'bff/src/config/env.ts', prefix: 'BFF', port: 3000, metrics: 9300 },
  catalog: {
    envFile: 'services/catalog/src/config/env.ts',
    prefix: 'CATALOG',
    port: 3001,
    metrics: 9301,
    db: 'catalog',
  },
  locations: {
    envFile: 'services/locations/src/config/env.ts',
    prefix: 'LOCATIONS',
    port: 3002,
    metrics: 9302,
    db: 'locations',
  },
  content: {
    envFile: 'services/content/src/config/env.ts',
    prefix: 'CONTENT',
    port: 3003,
    metrics: 9303,
    db: 'content',
  },
  'content-worker': {
    envFile: 'services/content/src/config/env.ts',
    prefix: 'CONTENT',
    port: 3003,
    metrics: 9303,
    db: 'content',
  },
  auth: { envFile: 'services/auth/src/config/env.ts', prefix: 'AUTH', port: 3004, metrics: 9304, db: 'auth' },
};
const SERVICES = ['catalog', 'locations', 'content', 'auth'];

/** The variables an app's zod schema (src/config/env.ts) declares. */
const schemaKeys = (file: string): Set<string> => new Set(envVariables(path.join(ROOT, file)));
/**
 * Where each process binds (`<SVC>_HOST`) and its metrics listener (`<SVC>_METRICS_PORT`,
 * `<SVC>_METRICS_HOST`): the names agreed for every app, accepted here until its schema declares them.
 */
const agreed = (prefix: string) => [`${prefix}_HOST`, `${prefix}_METRICS_PORT`, `${prefix}_METRICS_HOST`];

const byKind = (objs: Obj[], kind: string) => objs.filter((o) => o.kind === kind);
const named = (objs: Obj[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata?.name === name);
const workloads = (objs: Obj[]) => objs.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

/** Every pod template of an object (Deployment, StatefulSet, DaemonSet, Job, CronJob), with the object's name. */
function podTemplates(objs: Obj[]): { name: string; spec: Obj }[] {
  return objs.flatMap((o) => {
    if (['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job'].includes(o.kind))
      return [{ name: `${o.kind}/${o.metadata.name}`, spec: o.spec.template.spec }];
    if (o.kind === 'CronJob')
      return [{ name: `${o.kind}/${o.metadata.name}`, spec: o.spec.jobTemplate.spec.template.spec }];
    if (o.kind === 'Pod') return [{ name: `Pod/${o.metadata.name}`, spec: o.spec }];
    return [];
  });
}

/**
 * What the Pod Security Standards' "restricted" profile (Kubernetes 1.32) refuses in a pod spec, the
 * "baseline" rules included: https://kubernetes.io/docs/concepts/security/pod-security-standards/
 */
function restrictedViolations(pod: Obj): string[] {
  const v: string[] = [];
  const psc = pod.securityContext ?? {};
  const containers: Obj[] = [
    ...(pod.initContainers ?? []),
    ...(pod.containers ?? []),
    ...(pod.ephemeralContainers ?? []),
  ];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) v.push('host namespaces');
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  for (const vol of pod.volumes ?? []) {
    const type = Object.keys(vol).find((k) => k !== 'name');
    if (!type || !allowedVolumes.includes(type)) v.push(`volume ${vol.name}: ${type}`);
  }
  const seccomp = (c?: Obj) => c?.securityContext?.seccompProfile?.type ?? psc.seccompProfile?.type;
  for (const c of containers) {
    const sc = c.securityContext ?? {};
    if (sc.privileged) v.push(`${c.name}: privileged`);
    if (sc.allowPrivilegeEscalation !== false) v.push(`${c.name}: allowPrivilegeEscalation must be false`);
    if (!(sc.runAsNonRoot ?? psc.runAsNonRoot)) v.push(`${c.name}: runAsNonRoot must be true`);
    if ((sc.runAsUser ?? psc.runAsUser) === 0) v.push(`${c.name}: runAsUser 0`);
    if (!['RuntimeDefault', 'Localhost'].includes(seccomp(c)))
      v.push(`${c.name}: seccompProfile must be RuntimeDefault or Localhost`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) v.push(`${c.name}: capabilities must drop ALL`);
    for (const cap of sc.capabilities?.add ?? [])
      if (cap !== 'NET_BIND_SERVICE') v.push(`${c.name}: adds capability ${cap}`);
    if ((c.ports ?? []).some((p: Obj) => p.hostPort)) v.push(`${c.name}: hostPort`);
    if (sc.procMount && sc.procMount !== 'Default') v.push(`${c.name}: procMount`);
    if (
      sc.seLinuxOptions?.type &&
      !['container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t'].includes(sc.seLinuxOptions.type)
    )
      v.push(`${c.name}: seLinux type`);
    if (sc.appArmorProfile && sc.appArmorProfile.type === 'Unconfined') v.push(`${c.name}: AppArmor unconfined`);
  }
  if ((psc.runAsUser ?? 1) === 0) v.push('pod runAsUser 0');
  if (psc.sysctls?.length) v.push('sysctls');
  return v;
}

if (!haveKubectl && inCi) {
  it('renders the overlays: kubectl must be on the PATH in CI', () => {
    expect(`kubectl ${haveKubectl ? 'found' : 'missing'}`).toBe('kubectl found');
  });
}

const describeIf = haveKubectl ? describe : describe.skip;

describeIf('the ingress controller of production (overlays/production/ingress-nginx)', () => {
  it('believes X-Forwarded-For from the load balancer only and passes the BFF one address', () => {
    const objs = renderDir(path.join(ROOT, 'infra', 'k8s', 'overlays', 'production', 'ingress-nginx'));
    expect(objs.map((o) => [o.kind, o.metadata.namespace, o.metadata.name])).toEqual([
      ['ConfigMap', 'ingress-nginx', 'ingress-nginx-controller'],
    ]);
    const data = objs[0].data as Record<string, string>;
    expect(data['use-forwarded-headers']).toBe('true');
    expect(data['compute-full-forwarded-for']).toBe('false');
    const cidrs = data['proxy-real-ip-cidr'].split(',').map((c) => c.trim());
    expect(cidrs.length).toBeGreaterThan(0);
    for (const cidr of cidrs)
      expect([cidr, /^[0-9a-f:.]+\/\d{1,3}$/i.test(cidr) && !/^(0\.0\.0\.0|::)\/0$/.test(cidr)]).toEqual([cidr, true]);
  });
});

describeIf.each(OVERLAYS)('Kubernetes overlay %s', (overlay) => {
  let objs: Obj[] = [];
  beforeAll(() => {
    objs = render(overlay);
  });
  const deployments = () => byKind(objs, 'Deployment');
  const config = () =>
    byKind(objs, 'ConfigMap').find((c) => c.metadata.name.startsWith('coffee-guide-config'))?.data as Record<
      string,
      string
    >;

  it('renders every app, each in the namespace of the overlay', () => {
    expect(
      deployments()
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(Object.keys(APPS).sort());
    const ns = byKind(objs, 'Namespace')[0]?.metadata.name;
    expect(ns).toBe(overlay === 'dev' ? 'coffee-guide-dev' : 'coffee-guide');
    for (const o of objs.filter((x) => x.kind !== 'Namespace'))
      expect([o.kind, o.metadata.namespace]).toEqual([o.kind, ns]);
  });

  it('validates every object strictly: its schema, no unknown field, no kind without a schema (infra/k8s/schemas.ts)', () => {
    expect(objs.flatMap(strictProblems)).toEqual([]);
    const kinds = new Set(objs.map((o) => o.kind));
    if (overlay === 'production')
      for (const k of ['Cluster', 'PodMonitor', 'PrometheusRule']) expect([k, kinds.has(k)]).toEqual([k, true]);
  });

  it('refuses an unknown field in any kind it renders, a typo in a custom resource included', () => {
    for (const o of objs) {
      const copy = structuredClone(o);
      (copy.spec ?? copy.metadata).unknownField = 1;
      expect([o.kind, strictProblems(copy).some((p) => p.includes('unknownField: unknown field'))]).toEqual([
        o.kind,
        true,
      ]);
    }
  });

  it('gives every container startup, readiness and liveness probes; the apps /ready and /health', () => {
    for (const w of workloads(objs)) {
      for (const c of w.spec.template.spec.containers) {
        for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'])
          expect([w.metadata.name, p, c[p] !== undefined]).toEqual([w.metadata.name, p, true]);
      }
    }
    for (const d of deployments()) {
      const c = d.spec.template.spec.containers[0];
      const bff = d.metadata.name === 'bff';
      expect([d.metadata.name, c.readinessProbe.httpGet?.path]).toEqual([
        d.metadata.name,
        bff ? '/api/health' : '/ready',
      ]);
      expect([d.metadata.name, c.livenessProbe.httpGet?.path]).toEqual([
        d.metadata.name,
        bff ? '/api/health' : '/health',
      ]);
      expect(c.startupProbe.httpGet?.path).toBe(c.livenessProbe.httpGet.path);
      // Migrations and the seed run before the app listens: the startup probe allows a minute.
      expect(c.startupProbe.periodSeconds * c.startupProbe.failureThreshold).toBeGreaterThanOrEqual(60);
    }
  });

  it('sets CPU and memory requests and limits on every container, limits above requests', () => {
    const toNumber = (q: string) =>
      q.endsWith('m')
        ? Number(q.slice(0, -1)) / 1000
        : q.endsWith('Mi')
          ? Number(q.slice(0, -2))
          : q.endsWith('Gi')
            ? Number(q.slice(0, -2)) * 1024
            : Number(q);
    for (const w of workloads(objs)) {
      for (const c of w.spec.template.spec.containers) {
        for (const r of ['cpu', 'memory']) {
          const req = c.resources?.requests?.[r];
          const lim = c.resources?.limits?.[r];
          expect([w.metadata.name, r, typeof req, typeof lim]).toEqual([w.metadata.name, r, 'string', 'string']);
          expect(toNumber(lim)).toBeGreaterThanOrEqual(toNumber(req));
        }
      }
    }
  });

  it('labels the namespace for Pod Security "restricted" (enforce, audit, warn), and every pod meets it', () => {
    const ns = byKind(objs, 'Namespace')[0];
    for (const mode of ['enforce', 'audit', 'warn']) {
      expect([mode, ns.metadata.labels?.[`pod-security.kubernetes.io/${mode}`]]).toEqual([mode, 'restricted']);
      expect(ns.metadata.labels?.[`pod-security.kubernetes.io/${mode}-version`]).toMatch(/^(latest|v1\.\d+)$/);
    }
    const pods = podTemplates(objs);
    expect(pods.length).toBeGreaterThanOrEqual(Object.keys(APPS).length);
    for (const p of pods) expect([p.name, restrictedViolations(p.spec)]).toEqual([p.name, []]);
    // the check itself refuses what the profile refuses
    const ok = pods[0].spec;
    const c0 = ok.containers[0];
    expect(
      restrictedViolations({
        ...ok,
        containers: [{ ...c0, securityContext: { ...c0.securityContext, allowPrivilegeEscalation: true } }],
      }),
    ).not.toEqual([]);
    expect(
      restrictedViolations({ ...ok, securityContext: { ...ok.securityContext, seccompProfile: undefined } }),
    ).not.toEqual([]);
    expect(restrictedViolations({ ...ok, volumes: [{ name: 'h', hostPath: { path: '/' } }] })).not.toEqual([]);
  });

  it('runs every container non-root with a read-only root file system and no capability', () => {
    for (const w of workloads(objs)) {
      const pod = w.spec.template.spec;
      expect([w.metadata.name, pod.securityContext?.runAsNonRoot, pod.securityContext?.seccompProfile?.type]).toEqual([
        w.metadata.name,
        true,
        'RuntimeDefault',
      ]);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const sc = c.securityContext ?? {};
        expect([
          w.metadata.name,
          sc.allowPrivilegeEscalation,
          sc.readOnlyRootFilesystem,
          sc.capabilities?.drop,
        ]).toEqual([w.metadata.name, false, true, ['ALL']]);
        expect(sc.privileged).toBeUndefined();
      }
      if (w.kind === 'Deployment') expect(pod.automountServiceAccountToken).toBe(false);
    }
  });

  it('spreads every app over nodes and zones, and rolls it out one new pod at a time with none lost', () => {
    for (const d of deployments()) {
      const keys = (d.spec.template.spec.topologySpreadConstraints ?? []).map((t: Obj) => {
        expect(matches(t.labelSelector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
        // Nodes that a pod may not land on (tainted, or outside its affinity) do not count in the skew:
        // else a hard spread waits for a node it can never use.
        expect([d.metadata.name, t.topologyKey, t.nodeTaintsPolicy, t.nodeAffinityPolicy]).toEqual([
          d.metadata.name,
          t.topologyKey,
          'Honor',
          'Honor',
        ]);
        return t.topologyKey;
      });
      expect([d.metadata.name, keys.sort()]).toEqual([
        d.metadata.name,
        ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'],
      ]);
      expect(d.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    }
  });

  it('has a PodDisruptionBudget for every Deployment, selecting exactly its pods', () => {
    for (const d of deployments()) {
      const labels = d.spec.template.metadata.labels;
      const pdbs = byKind(objs, 'PodDisruptionBudget').filter((p) => matches(p.spec.selector.matchLabels, labels));
      expect([d.metadata.name, pdbs.length]).toEqual([d.metadata.name, 1]);
      const hpa = byKind(objs, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === d.metadata.name);
      const least = hpa?.spec.minReplicas ?? d.spec.replicas ?? 1;
      if (least > 1) expect(pdbs[0].spec.maxUnavailable ?? least - pdbs[0].spec.minAvailable).toBeLessThan(least);
      // A PDB never selects another app's pods.
      for (const other of deployments().filter((o) => o !== d))
        expect(matches(pdbs[0].spec.selector.matchLabels, other.spec.template.metadata.labels)).toBe(false);
    }
  });

  it('autoscales the BFF and catalog (autoscaling/v2, on CPU) in production only; dev runs one replica each', () => {
    const hpas = byKind(objs, 'HorizontalPodAutoscaler');
    if (overlay === 'dev') {
      expect(hpas).toEqual([]);
      for (const d of deployments()) expect([d.metadata.name, d.spec.replicas]).toEqual([d.metadata.name, 1]);
      return;
    }
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['bff', 'catalog']);
    for (const h of hpas) {
      expect(h.apiVersion).toBe('autoscaling/v2');
      const d = named(objs, 'Deployment', h.spec.scaleTargetRef.name)!;
      expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
      // The HPA owns the count: a `replicas` in the manifest would scale the app back down at every apply.
      expect([d.metadata.name, d.spec.replicas]).toEqual([d.metadata.name, undefined]);
      expect(h.spec.maxReplicas).toBeGreaterThan(h.spec.minReplicas);
      expect(h.spec.metrics[0].resource.name).toBe('cpu');
    }
    for (const d of deployments().filter((x) => !hpas.some((h) => h.spec.scaleTargetRef.name === x.metadata.name))) {
      expect([d.metadata.name, d.spec.replicas >= 2]).toEqual([d.metadata.name, true]);
    }
  });

  it("generates the configuration (and dev's secrets) with a hash in the name, every reference following it", () => {
    const hashed = /^(.+)-[a-z0-9]{10}$/;
    const cms = byKind(objs, 'ConfigMap');
    expect(cms.map((c) => hashed.exec(c.metadata.name)?.[1])).toEqual(['coffee-guide-config']);
    const generated = new Map(
      [...cms, ...byKind(objs, 'Secret')].map((o) => [
        hashed.exec(o.metadata.name)?.[1] ?? o.metadata.name,
        o.metadata.name,
      ]),
    );
    // dev generates every Secret it has, each hashed; production has none
    for (const sec of byKind(objs, 'Secret'))
      expect([sec.metadata.name, hashed.test(sec.metadata.name)]).toEqual([sec.metadata.name, true]);
    for (const w of workloads(objs)) {
      const pod = w.spec.template.spec;
      const refs = [
        ...[...(pod.initContainers ?? []), ...pod.containers].flatMap((c: Obj) => [
          ...(c.env ?? []).map((e: Obj) => e.valueFrom?.configMapKeyRef?.name ?? e.valueFrom?.secretKeyRef?.name),
          ...(c.envFrom ?? []).map((e: Obj) => e.configMapRef?.name ?? e.secretRef?.name),
        ]),
        ...(pod.volumes ?? []).map((v: Obj) => v.configMap?.name ?? v.secret?.secretName),
      ].filter(Boolean);
      for (const r of refs) {
        const base = hashed.exec(r)?.[1] ?? r;
        // a reference to something generated here names the generated (hashed) object
        if (generated.has(base)) expect([w.metadata.name, r]).toEqual([w.metadata.name, generated.get(base)]);
      }
    }
  });

  it('rolls every app that reads the configuration when a value changes (a new ConfigMap name)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coffee-guide-k8s-'));
    try {
      cpSync(path.join(ROOT, 'infra', 'k8s'), dir, { recursive: true, filter: (src) => !src.endsWith('.ts') });
      const env = path.join(dir, 'base', 'config.env');
      writeFileSync(env, `${readFileSync(env, 'utf8')}\nA_NEW_SETTING=1\n`);
      const before = new Map(deployments().map((d) => [d.metadata.name, JSON.stringify(d.spec.template)]));
      const after = renderDir(path.join(dir, 'overlays', overlay));
      const changed = byKind(after, 'Deployment').filter(
        (d) => before.get(d.metadata.name) !== JSON.stringify(d.spec.template),
      );
      // every app reads the ConfigMap: every pod template changes, so every app rolls
      expect(changed.map((d) => d.metadata.name).sort()).toEqual(Object.keys(APPS).sort());
      expect(byKind(after, 'ConfigMap')[0].metadata.name).not.toBe(byKind(objs, 'ConfigMap')[0].metadata.name);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each app a grace period longer than its longest request (a CSV import: ADMIN_CSV_TIMEOUT_MS) after its preStop', () => {
    // the default, or what the BFF's Deployment sets
    const set = named(objs, 'Deployment', 'bff')!.spec.template.spec.containers[0].env.find(
      (e: Obj) => e.name === 'ADMIN_CSV_TIMEOUT_MS',
    )?.value;
    const csv = set ? Number(set) / 1000 : csvTimeoutSeconds();
    for (const d of deployments()) {
      const pod = d.spec.template.spec;
      const preStop = Number(pod.containers[0].lifecycle?.preStop?.exec?.command?.[1] ?? 0);
      const longest = CSV_APPS.includes(d.metadata.name) ? csv : 30; // other requests: SERVICE_TIMEOUT_MS (3 s) and below; the worker's jobs
      expect([d.metadata.name, pod.terminationGracePeriodSeconds > preStop + longest]).toEqual([d.metadata.name, true]);
    }
  });

  it('serves the OpenAPI UI except in production (API_DOCS_UI=false; the document itself is always served)', () => {
    const env: Obj[] = named(objs, 'Deployment', 'bff')!.spec.template.spec.containers[0].env;
    const value = (n: string) => env.find((e) => e.name === n)?.value;
    expect(value('API_DOCS')).toBeUndefined();
    expect(value('API_DOCS_UI')).toBe(overlay === 'production' ? 'false' : undefined);
  });

  it('has the Prometheus Operator scrape every app (a PodMonitor each) and load the alerts, in production', () => {
    const monitors = byKind(objs, 'PodMonitor');
    const rules = byKind(objs, 'PrometheusRule');
    if (overlay === 'dev') {
      // a laptop cluster has no Prometheus Operator CRDs
      expect([monitors, rules, byKind(objs, 'ServiceMonitor')]).toEqual([[], [], []]);
      return;
    }
    for (const d of deployments()) {
      const labels = d.spec.template.metadata.labels;
      const mine = monitors.filter((m) => matches(m.spec.selector.matchLabels, labels));
      expect([d.metadata.name, mine.length]).toEqual([d.metadata.name, 1]);
      const ports = d.spec.template.spec.containers[0].ports.map((p: Obj) => p.name);
      for (const e of mine[0].spec.podMetricsEndpoints) {
        expect([d.metadata.name, ports.includes(e.port), e.path]).toEqual([d.metadata.name, true, '/metrics']);
        expect(e.port).toBe('metrics'); // never the service port (docs/operations.md, "Metrics")
      }
      // and a monitor selects one app's pods only
      expect(mine[0].spec.selector.matchLabels).toEqual(d.spec.selector.matchLabels);
    }
    expect(monitors).toHaveLength(Object.keys(APPS).length);
    for (const o of [...monitors, ...rules])
      expect(o.metadata.labels['app.kubernetes.io/part-of']).toBe('coffee-guide');
    // the alerts are the rules file as written (infra/k8s/monitoring/alerts.yaml, tested by promtool)
    expect(rules).toHaveLength(1);
    expect(rules[0].spec).toEqual(
      parse(readFileSync(path.join(ROOT, 'infra', 'k8s', 'monitoring', 'alerts.yaml'), 'utf8')).spec,
    );
  });

  it('pins every image to a tag (never latest) or a digest', () => {
    for (const w of workloads(objs)) {
      for (const c of [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers]) {
        expect([c.image, /(@sha256:[0-9a-f]{64}|:[\w][\w.-]*)$/.test(c.image) && !c.image.endsWith(':latest')]).toEqual(
          [c.image, true],
        );
      }
    }
    for (const c of byKind(objs, 'Cluster')) expect(c.spec.imageName).toMatch(/:\d+\.\d+/);
    if (overlay === 'production')
      for (const d of deployments())
        expect(d.spec.template.spec.containers[0].image).toMatch(
          /^registry\.example\.com\/coffee-guide\/[a-z]+:\d+\.\d+\.\d+$/,
        );
  });

  it('gives each app only variables its code reads, its ports as declared, and references that resolve', () => {
    const cm = config();
    for (const d of deployments()) {
      const app = APPS[d.metadata.name];
      // NODE_OPTIONS is Node's own: the heap ceiling under the container's memory limit.
      const known = new Set([...schemaKeys(app.envFile), ...agreed(app.prefix), 'NODE_OPTIONS']);
      const c = d.spec.template.spec.containers[0];
      const env: Obj[] = c.env;
      const unknown = env.map((e) => e.name).filter((n) => !known.has(n));
      expect([d.metadata.name, unknown]).toEqual([d.metadata.name, []]);
      const value = (n: string) => {
        const e = env.find((x) => x.name === n);
        return e?.value ?? (e?.valueFrom?.configMapKeyRef ? cm[e.valueFrom.configMapKeyRef.key] : undefined);
      };
      const heap = Number(/--max-old-space-size=(\d+)/.exec(value('NODE_OPTIONS') ?? '')?.[1]);
      const limitMi = Number(/^(\d+)Mi$/.exec(c.resources.limits.memory)?.[1]);
      expect([d.metadata.name, heap > 0 && heap <= limitMi * 0.75]).toEqual([d.metadata.name, true]);
      expect(value(`${app.prefix}_PORT`)).toBe(String(app.port));
      expect(value(`${app.prefix}_HOST`)).toBe('0.0.0.0');
      expect(value(`${app.prefix}_METRICS_PORT`)).toBe(String(app.metrics));
      expect(value(`${app.prefix}_METRICS_HOST`)).toBe('0.0.0.0');
      expect(c.ports).toEqual([
        { name: 'http', containerPort: app.port },
        { name: 'metrics', containerPort: app.metrics },
      ]);
      expect(d.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(app.metrics));
      for (const e of env) {
        const ref = e.valueFrom?.configMapKeyRef;
        if (ref) expect([e.name, ref.key in cm]).toEqual([e.name, true]);
      }
      if (app.db) {
        const url = env.find((e) => e.name === `${app.prefix}_DATABASE_URL`);
        // dev generates it (its name then ends in a hash of its content); production's comes from CloudNativePG
        const ref = url?.valueFrom?.secretKeyRef;
        expect({ ...ref, name: ref?.name.replace(/-[a-z0-9]{10}$/, '') }).toEqual({
          name: `${app.db}-db-app`,
          key: 'uri',
        });
      }
    }
    expect(value('content', 'CONTENT_WORKER_ENABLED')).toBe('false');
    expect(value('content-worker', 'CONTENT_WORKER_ENABLED')).toBe('true');
    function value(deployment: string, name: string) {
      return named(objs, 'Deployment', deployment)!.spec.template.spec.containers[0].env.find(
        (e: Obj) => e.name === name,
      )?.value;
    }
    // Every Service selects the pods of one Deployment and targets ports they declare.
    for (const s of byKind(objs, 'Service')) {
      const pods = workloads(objs).filter((w) => matches(s.spec.selector, w.spec.template.metadata.labels));
      expect([s.metadata.name, pods.length]).toEqual([s.metadata.name, 1]);
      const ports = pods[0].spec.template.spec.containers.flatMap((c: Obj) => c.ports.map((p: Obj) => p.name));
      for (const p of s.spec.ports) expect(ports).toContain(p.targetPort);
    }
    // The contact worker takes no traffic.
    expect(byKind(objs, 'Service').some((s) => s.spec.selector['app.kubernetes.io/component'] === 'worker')).toBe(
      false,
    );
  });

  it('runs the images infra/docker builds, as the user and on the port they declare', () => {
    for (const d of deployments()) {
      const c = d.spec.template.spec.containers[0];
      const image = /coffee-guide\/([a-z]+):/.exec(c.image)?.[1] ?? '';
      const dockerfile = readFileSync(path.join(ROOT, 'infra', 'docker', `${image}.Dockerfile`), 'utf8');
      const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
      // `node` is uid 1000 in the node images: the pod's runAsUser must be that user.
      // Node 24 LTS (README and docs/development.md, "Node"): every stage of every image
      expect([d.metadata.name, /^FROM node:24-\S+ AS runtime/m.test(runtime), /^USER node$/m.test(runtime)]).toEqual([
        d.metadata.name,
        true,
        true,
      ]);
      for (const m of dockerfile.matchAll(/^FROM node:(\S+)/gm))
        expect([image, m[1]]).toEqual([image, expect.stringMatching(/^24-/)]);
      expect(d.spec.template.spec.securityContext.runAsUser).toBe(1000);
      expect(Number(/^EXPOSE (\d+)$/m.exec(runtime)?.[1])).toBe(APPS[d.metadata.name].port);
    }
  });

  it('puts Ingresses in front of the BFF only: the site at 1 MB a body, the admin API at 11 MB for the CSV import and the media upload', () => {
    const ingresses = byKind(objs, 'Ingress');
    expect(ingresses.map((i: Obj) => i.metadata.name).sort()).toEqual(['coffee-guide', 'coffee-guide-admin-api']);
    for (const ingress of ingresses) {
      const backends = ingress.spec.rules.flatMap((r: Obj) => r.http.paths.map((p: Obj) => p.backend.service));
      expect(backends).toEqual([{ name: 'bff', port: { name: 'http' } }]);
      if (overlay === 'production') {
        expect(ingress.spec.tls[0].secretName).toBe('coffee-guide-tls');
        expect(ingress.spec.rules[0].host).toBe('coffee.example.com');
      }
    }
    const site = named(objs, 'Ingress', 'coffee-guide');
    const admin = named(objs, 'Ingress', 'coffee-guide-admin-api');
    expect(site.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('1m');
    // 10 MB for the CSV import, 10 MB plus the multipart framing for the media upload
    expect(admin.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('11m');
    expect(admin.metadata.annotations['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
    expect(admin.spec.rules[0].http.paths.map((p: Obj) => [p.path, p.pathType])).toEqual([['/api/admin', 'Prefix']]);
  });

  it("gives the BFF's cache a Redis of its own, and in production reaches both Redis through their Sentinels", () => {
    const envOf = (name: string) =>
      Object.fromEntries(
        (named(objs, 'Deployment', name).spec.template.spec.containers[0].env ?? []).map((e: Obj) => [e.name, e]),
      );
    expect(envOf('bff').REDIS_CACHE_URL.valueFrom.secretKeyRef).toEqual({
      name: expect.stringMatching(/^coffee-guide-redis-cache(-\w+)?$/),
      key: 'url',
    });
    for (const app of ['catalog', 'locations', 'content', 'content-worker', 'auth'])
      expect([app, envOf(app).REDIS_CACHE_URL]).toEqual([app, undefined]);
    const users = ['bff', 'content', 'content-worker', 'auth'];
    if (overlay === 'production') {
      const config = byKind(objs, 'ConfigMap').find((c) => c.metadata.name.startsWith('coffee-guide-config'))!;
      for (const app of users) {
        for (const key of ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME'])
          expect([app, key, envOf(app)[key]?.valueFrom.configMapKeyRef.name]).toEqual([app, key, config.metadata.name]);
        expect(envOf(app).REDIS_SENTINEL_PASSWORD.valueFrom.secretKeyRef).toEqual({
          name: 'coffee-guide-redis',
          key: 'sentinel-password',
          optional: true,
        });
      }
      expect(config.data.REDIS_SENTINELS).toMatch(/^[\w.-]+:26379(,[\w.-]+:26379)*$/);
      expect(config.data.REDIS_CACHE_SENTINELS).toMatch(/^[\w.-]+:26379(,[\w.-]+:26379)*$/);
      expect(envOf('bff').REDIS_CACHE_SENTINELS.valueFrom.configMapKeyRef.name).toBe(config.metadata.name);
    } else {
      // dev: the queue's Redis never evicts, the cache's evicts within its bound
      const command = (name: string) =>
        byKind(objs, 'StatefulSet')
          .concat(byKind(objs, 'Deployment'))
          .find((w) => w.metadata.name === name)!
          .spec.template.spec.containers[0].command.join(' ');
      expect(command('redis')).toMatch(/--maxmemory \d+mb --maxmemory-policy noeviction/);
      expect(command('redis-cache')).toMatch(/--maxmemory \d+mb --maxmemory-policy allkeys-lru/);
      for (const app of users) expect([app, envOf(app).REDIS_SENTINELS]).toEqual([app, undefined]);
    }
  });

  it('uses secrets by reference: production holds no Secret and no credential in a literal value', () => {
    const SECRET_NAME = /(PASSWORD|SECRET|TOKEN|PRIVATE_KEY$|DATABASE_URL|REDIS_URL|REDIS_CACHE_URL|SMTP_URL)/;
    for (const w of workloads(objs)) {
      for (const c of [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers]) {
        for (const e of c.env ?? []) {
          if (SECRET_NAME.test(e.name))
            expect([w.metadata.name, e.name, e.value, e.valueFrom?.secretKeyRef !== undefined]).toEqual([
              w.metadata.name,
              e.name,
              undefined,
              true,
            ]);
          if (typeof e.value === 'string') expect(e.value).not.toMatch(/:\/\/[^/\s]*:[^/\s]*@/); // user:password@ in a URL
        }
      }
    }
    const referenced = new Set(
      workloads(objs)
        .flatMap((w) => [
          ...[...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers].flatMap((c: Obj) =>
            (c.env ?? []).map((e: Obj) => e.valueFrom?.secretKeyRef?.name),
          ),
          ...(w.spec.template.spec.volumes ?? []).map((v: Obj) => v.secret?.secretName),
        ])
        .filter(Boolean),
    );
    if (overlay === 'production') {
      expect(byKind(objs, 'Secret')).toEqual([]);
      expect(JSON.stringify(objs)).not.toMatch(/coffee-dev|password=|BEGIN [A-Z ]*PRIVATE KEY/);
      // Only what docs/kubernetes.md tells the operator to create, or what CloudNativePG writes.
      expect([...referenced].sort()).toEqual(
        [
          ...SERVICES.map((s) => `${s}-db-app`),
          'coffee-guide-admin',
          'coffee-guide-client-address',
          'coffee-guide-jwt',
          'coffee-guide-preview',
          'coffee-guide-redis',
          'coffee-guide-redis-cache',
          'coffee-guide-smtp',
        ].sort(),
      );
      for (const s of SERVICES) expect(named(objs, 'Cluster', `${s}-db`)).toBeDefined();
    } else {
      // dev generates every secret it needs except the optional ones.
      const generated = new Set(byKind(objs, 'Secret').map((s) => s.metadata.name));
      const optional = new Set(['coffee-guide-admin', 'coffee-guide-smtp']);
      expect([...referenced].filter((n) => !generated.has(n) && !optional.has(n))).toEqual([]);
    }
  });

  it("believes X-Forwarded-For in the BFF from the ingress controller's pod network only; auth takes the BFF's signed address", () => {
    const envOf = (name: string) =>
      Object.fromEntries(
        (named(objs, 'Deployment', name).spec.template.spec.containers[0].env ?? []).map((e: Obj) => [e.name, e]),
      );
    const bff = envOf('bff');
    expect(bff.TRUST_PROXY).toBeUndefined();
    expect(bff.TRUSTED_PROXIES.valueFrom.configMapKeyRef.key).toBe('TRUSTED_PROXIES');
    expect(config().TRUSTED_PROXIES).toMatch(/^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}(,(\d{1,3}\.){3}\d{1,3}\/\d{1,2})*$/);
    expect(config().TRUSTED_PROXIES.split(',')).not.toContain('0.0.0.0/0');
    for (const name of Object.keys(APPS).filter((a) => a !== 'bff'))
      expect([name, envOf(name).TRUSTED_PROXIES]).toEqual([name, undefined]);
    for (const name of ['bff', 'auth']) {
      const ref = envOf(name).CLIENT_ADDRESS_SECRET?.valueFrom?.secretKeyRef ?? {};
      // dev generates it (a hash in the name), production refers to the operator's
      expect([name, ref.name?.replace(/-[a-z0-9]{10}$/, ''), ref.key]).toEqual([
        name,
        'coffee-guide-client-address',
        'secret',
      ]);
    }
  });

  it('runs PostgreSQL as CloudNativePG Clusters of three instances in production, one per service', () => {
    const clusters = byKind(objs, 'Cluster');
    if (overlay === 'dev') {
      expect(clusters).toEqual([]);
      return;
    }
    expect(clusters.map((c) => c.metadata.name).sort()).toEqual(SERVICES.map((s) => `${s}-db`).sort());
    for (const c of clusters) {
      const svc = c.metadata.name.replace(/-db$/, '');
      expect(c.apiVersion).toBe('postgresql.cnpg.io/v1');
      expect(c.spec.instances).toBe(3);
      // least privilege: the database owned by the service's own role (its Secret <svc>-db-app), no superuser
      expect(c.spec.bootstrap.initdb).toEqual({ database: `coffee_${svc}`, owner: svc });
      expect(c.spec.enableSuperuserAccess).toBe(false);
      expect(c.spec.inheritedMetadata.labels['coffee-guide.io/database']).toBe(svc);
      expect(c.spec.storage.size).toMatch(/^\d+Gi$/);
      expect(c.spec.resources.limits.memory).toBeDefined();
      expect(Number(c.spec.postgresql.parameters.max_connections)).toBeGreaterThan(0);
      expect(c.spec.affinity.enablePodAntiAffinity).toBe(true);
    }
  });

  it("archives every cluster's WAL to object storage and takes a base backup of each every night (point-in-time recovery)", () => {
    const clusters = byKind(objs, 'Cluster');
    const scheduled = byKind(objs, 'ScheduledBackup');
    if (overlay === 'dev') {
      expect(scheduled).toEqual([]);
      return;
    }
    const store = (c: Obj) => c.spec.backup?.barmanObjectStore ?? {};
    for (const c of clusters) {
      const name = c.metadata.name;
      expect([name, store(c).destinationPath]).toEqual([name, expect.stringMatching(/^s3:\/\/[a-z0-9.-]+\//)]);
      // each cluster archives under a folder of its own; the credentials by reference, never written here
      expect([name, store(c).serverName]).toEqual([name, name]);
      for (const key of ['accessKeyId', 'secretAccessKey'])
        expect([name, key, store(c).s3Credentials?.[key]?.name]).toEqual([name, key, 'coffee-guide-backup-s3']);
      expect([name, store(c).wal?.compression]).toEqual([name, 'gzip']);
      expect([name, c.spec.backup.retentionPolicy]).toEqual([name, expect.stringMatching(/^\d+[dwm]$/)]);
      const own = scheduled.filter((s) => s.spec.cluster.name === name);
      expect([name, own.length]).toEqual([name, 1]);
      // CloudNativePG's schedule has six fields, seconds first
      expect([name, own[0].spec.schedule.split(' ').length, own[0].spec.method ?? 'barmanObjectStore']).toEqual([
        name,
        6,
        'barmanObjectStore',
      ]);
    }
    expect(scheduled.map((s) => s.spec.cluster.name).sort()).toEqual(clusters.map((c) => c.metadata.name).sort());
  });

  it('migrates each service once per rollout in an init container of its own image, the app with DB_MIGRATE=off', () => {
    for (const d of deployments().filter((x) => APPS[x.metadata.name].db)) {
      const app = APPS[d.metadata.name];
      const pod = d.spec.template.spec;
      const [main] = pod.containers;
      expect([d.metadata.name, (pod.initContainers ?? []).map((c: Obj) => c.name)]).toEqual([
        d.metadata.name,
        ['migrate'],
      ]);
      const init = pod.initContainers[0];
      expect([d.metadata.name, init.image, init.command]).toEqual([
        d.metadata.name,
        main.image,
        ['node', `services/${app.db}/dist/migrate.js`],
      ]);
      const envOf = (c: Obj) => Object.fromEntries((c.env ?? []).map((e: Obj) => [e.name, e]));
      const url = `${app.prefix}_DATABASE_URL`;
      expect(envOf(init)[url]).toEqual(envOf(main)[url]);
      expect(envOf(main).DB_MIGRATE?.value).toBe('off');
      expect(envOf(init).DB_MIGRATE).toBeUndefined();
      // only variables the service reads; resources and mounts like the app's
      const known = new Set([...schemaKeys(app.envFile), 'NODE_OPTIONS']);
      expect([d.metadata.name, Object.keys(envOf(init)).filter((n) => !known.has(n))]).toEqual([d.metadata.name, []]);
      expect(init.resources).toEqual(main.resources);
      expect(init.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    }
    // auth's step creates the first administrator: the app no longer reads its password
    const auth = named(objs, 'Deployment', 'auth')!.spec.template.spec;
    expect(auth.initContainers[0].env.map((e: Obj) => e.name)).toEqual(
      expect.arrayContaining(['ADMIN_EMAIL', 'ADMIN_PASSWORD']),
    );
    expect(auth.containers[0].env.map((e: Obj) => e.name)).not.toContain('ADMIN_PASSWORD');
  });

  it('keeps each database pool times its replicas (surge included) under the database connection limit', () => {
    const cm = config();
    /** Connections a database keeps for itself: superuser_reserved_connections, replication, the operator. */
    const RESERVED = 20;
    const rows: string[] = [];
    for (const svc of SERVICES) {
      const clients = deployments().filter((d) => APPS[d.metadata.name].db === svc);
      let connections = 0;
      for (const d of clients) {
        const env: Obj[] = d.spec.template.spec.containers[0].env;
        const poolEnv = env.find((e) => e.name === 'DB_POOL_SIZE')!;
        const pool = Number(poolEnv.value ?? cm[poolEnv.valueFrom.configMapKeyRef.key]);
        const hpa = byKind(objs, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === d.metadata.name);
        const max = (hpa?.spec.maxReplicas ?? d.spec.replicas) + d.spec.strategy.rollingUpdate.maxSurge;
        expect(pool).toBeGreaterThan(0);
        connections += pool * max;
      }
      const cluster = named(objs, 'Cluster', `${svc}-db`);
      const sts = named(objs, 'StatefulSet', `${svc}-db`);
      const limit = cluster
        ? Number(cluster.spec.postgresql.parameters.max_connections)
        : Number(/max_connections=(\d+)/.exec((sts?.spec.template.spec.containers[0].args ?? []).join(' '))?.[1]);
      rows.push(`${svc}: ${connections} + ${RESERVED} reserved <= ${limit}`);
      expect([svc, connections + RESERVED <= limit]).toEqual([svc, true]);
    }
    expect(rows).toHaveLength(SERVICES.length);
  });

  describe('network paths (NetworkPolicies evaluated over the pods)', () => {
    interface Pod {
      name: string;
      namespace: string;
      labels: Record<string, string>;
      ports: Record<string, number>;
    }
    let pods: Pod[] = [];
    let ns = '';
    beforeAll(() => {
      ns = byKind(objs, 'Namespace')[0].metadata.name;
      pods = workloads(objs).map((w) => ({
        name: w.metadata.name,
        namespace: ns,
        labels: w.spec.template.metadata.labels,
        ports: Object.fromEntries(
          w.spec.template.spec.containers.flatMap((c: Obj) =>
            (c.ports ?? []).map((p: Obj) => [p.name, p.containerPort]),
          ),
        ),
      }));
      for (const c of byKind(objs, 'Cluster')) {
        pods.push({
          name: c.metadata.name,
          namespace: ns,
          labels: { 'cnpg.io/cluster': c.metadata.name, ...c.spec.inheritedMetadata.labels },
          ports: { postgres: 5432 },
        });
      }
      // What lives outside the namespace: the ingress controller, Prometheus, production's Redis, the DNS.
      pods.push({
        name: 'ingress',
        namespace: 'ingress-nginx',
        labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
        ports: {},
      });
      pods.push({
        name: 'prometheus',
        namespace: 'monitoring',
        labels: { 'app.kubernetes.io/name': 'prometheus' },
        ports: {},
      });
      pods.push({ name: 'dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ports: { dns: 53 } });
      if (!pods.some((p) => p.name === 'redis'))
        pods.push({
          name: 'redis',
          namespace: 'redis',
          labels: { 'app.kubernetes.io/name': 'redis' },
          ports: { redis: 6379 },
        });
    });
    const pod = (name: string) => pods.find((p) => p.name === name)!;
    const policies = () => byKind(objs, 'NetworkPolicy');
    const selects = (peer: Obj, from: Pod, policyNs: string) => {
      if (peer.ipBlock) return from.namespace !== ns; // an address outside the cluster's pods
      const nsOk = peer.namespaceSelector
        ? matches(peer.namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': from.namespace })
        : from.namespace === policyNs;
      const podOk = peer.podSelector ? matches(peer.podSelector.matchLabels, from.labels) : true;
      return nsOk && podOk;
    };
    const portOk = (rulePorts: Obj[] | undefined, target: Pod, port: number) =>
      !rulePorts ||
      rulePorts.some((p) =>
        typeof p.port === 'string' ? target.ports[p.port] === port : p.port === port || p.port === undefined,
      );
    /** Whether the policies let `from` open a TCP connection to `to` on `port` (both directions must allow it). */
    function allowed(from: Pod, to: Pod, port: number): boolean {
      const egressOk = (() => {
        if (from.namespace !== ns) return true; // outside this namespace: not ours to restrict
        const applying = policies().filter(
          (p) => p.spec.policyTypes.includes('Egress') && matches(p.spec.podSelector.matchLabels, from.labels),
        );
        return applying.some((p) =>
          (p.spec.egress ?? []).some(
            (r: Obj) => (!r.to || r.to.some((peer: Obj) => selects(peer, to, ns))) && portOk(r.ports, to, port),
          ),
        );
      })();
      const ingressOk = (() => {
        if (to.namespace !== ns) return true;
        const applying = policies().filter(
          (p) => p.spec.policyTypes.includes('Ingress') && matches(p.spec.podSelector.matchLabels, to.labels),
        );
        return applying.some((p) =>
          (p.spec.ingress ?? []).some(
            (r: Obj) => (!r.from || r.from.some((peer: Obj) => selects(peer, from, ns))) && portOk(r.ports, to, port),
          ),
        );
      })();
      return egressOk && ingressOk;
    }

    it('denies everything by default, in both directions', () => {
      const deny = policies().find(
        (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress,
      );
      expect(deny?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
      for (const p of pods.filter((x) => x.namespace === ns)) {
        const own = policies().filter(
          (np) =>
            Object.keys(np.spec.podSelector.matchLabels ?? {}).length &&
            matches(np.spec.podSelector.matchLabels, p.labels),
        );
        expect([p.name, own.length > 0]).toEqual([p.name, true]);
      }
    });

    it('lets the ingress controller reach the BFF only', () => {
      expect(allowed(pod('ingress'), pod('bff'), 3000)).toBe(true);
      expect(allowed(pod('ingress'), pod('bff'), 9300)).toBe(false);
      for (const s of SERVICES) expect([s, allowed(pod('ingress'), pod(s), APPS[s].port)]).toEqual([s, false]);
    });

    it('lets the BFF reach every service, and no service reach another except auth', () => {
      for (const s of SERVICES) expect([s, allowed(pod('bff'), pod(s), APPS[s].port)]).toEqual([s, true]);
      for (const a of [...SERVICES, 'content-worker']) {
        for (const b of SERVICES.filter((x) => x !== a && !(a === 'content-worker' && x === 'content'))) {
          expect([a, b, allowed(pod(a), pod(b), APPS[b].port)]).toEqual([a, b, b === 'auth']);
        }
        expect([a, 'bff', allowed(pod(a), pod('bff'), 3000)]).toEqual([a, 'bff', false]);
      }
      expect(allowed(pod('bff'), pod('content-worker'), 3003)).toBe(false);
    });

    it('lets the BFF and every service reach Redis', () => {
      for (const a of ['bff', ...SERVICES, 'content-worker'])
        expect([a, allowed(pod(a), pod('redis'), 6379)]).toEqual([a, true]);
    });

    it('lets each service reach its own database and no other; the BFF none', () => {
      const dbPods = pods.filter((p) => p.labels['coffee-guide.io/database']);
      expect(dbPods.map((p) => p.labels['coffee-guide.io/database']).sort()).toEqual([...SERVICES].sort());
      for (const a of [...SERVICES, 'content-worker', 'bff']) {
        for (const db of dbPods) {
          const own = APPS[a].db === db.labels['coffee-guide.io/database'];
          expect([a, db.name, allowed(pod(a), db, 5432)]).toEqual([a, db.name, own]);
        }
      }
    });

    it('lets Prometheus scrape every metrics port, every pod resolve names, and only the worker send mail', () => {
      for (const a of Object.keys(APPS)) {
        expect([a, allowed(pod('prometheus'), pod(a), APPS[a].metrics)]).toEqual([a, true]);
        expect([a, allowed(pod(a), pod('dns'), 53)]).toEqual([a, true]);
      }
      const smtp: Pod = { name: 'smtp', namespace: 'internet', labels: {}, ports: { smtp: 587 } };
      for (const a of Object.keys(APPS)) expect([a, allowed(pod(a), smtp, 587)]).toEqual([a, a === 'content-worker']);
    });
  });
});
