/**
 * Strict, offline validation of the rendered manifests (infra/k8s/k8s.spec.ts): every field must be one the
 * object's schema knows, as a server's `kubectl apply --validate=strict` would insist.
 *
 * - Kubernetes' own kinds: the schemas of `kubernetes-models` (Kubernetes 1.32); the Prometheus Operator's
 *   (PodMonitor, ServiceMonitor, PrometheusRule): `@kubernetes-models/prometheus-operator`. Their compiled
 *   validators check types and required fields but let unknown fields through, so each object is handed to
 *   the validator behind a Proxy that records which fields it reads: a field it never reads (in an object
 *   whose keys it did not enumerate, as it does for maps such as labels) is unknown to the schema.
 * - CloudNativePG's kinds (Cluster, ScheduledBackup, Backup) have no schema package: a small shape of the
 *   fields of CloudNativePG 1.25's API that the site uses or may use, unknown ones refused; the core
 *   Kubernetes types inside them (resources, tolerations) are checked by kubernetes-models again.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, any shape (the point of this file is to check it)
type Obj = Record<string, any>;
type ValidateFn = (data: unknown) => boolean;

/** Checks `data` with `validate` (which reads `this`), returning the schema's errors and the fields it never read. */
function strictRun(run: (data: unknown) => void, data: Obj, at = ''): string[] {
  const read = new WeakMap<object, Set<string> | 'all'>();
  const proxies = new WeakMap<object, object>();
  const wrap = <T>(value: T): T => {
    if (value === null || typeof value !== 'object') return value;
    const target = value as unknown as object;
    if (!read.has(target)) read.set(target, new Set());
    if (!proxies.has(target)) {
      proxies.set(
        target,
        new Proxy(target, {
          get(t, key) {
            const seen = read.get(t);
            if (seen !== 'all' && typeof key === 'string') seen!.add(key);
            return wrap(Reflect.get(t, key));
          },
          ownKeys(t) {
            read.set(t, 'all'); // a map (labels, data, parameters): every key is its own
            return Reflect.ownKeys(t);
          },
        }),
      );
    }
    return proxies.get(target) as T;
  };
  const problems: string[] = [];
  try {
    run(wrap(data));
  } catch (error) {
    problems.push(`${at}: ${(error as Error).message}`);
  }
  const walk = (value: unknown, p: string) => {
    if (value === null || typeof value !== 'object') return;
    const seen = read.get(value);
    if (seen === undefined) return; // a value the schema takes whole (x-kubernetes-preserve-unknown-fields)
    for (const [key, child] of Object.entries(value)) {
      if (seen !== 'all' && !seen.has(key)) problems.push(`${at}${p}/${key}: unknown field`);
      else walk(child, `${p}/${key}`);
    }
  };
  walk(data, '');
  return problems;
}

/** The model class of kubernetes-models (or the Prometheus Operator's models) for apiVersion + kind. */
function modelFor(apiVersion: string, kind: string): (new (data: Obj) => { validate(): void }) | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const dir = group ? `${group}/${version}` : version;
  const modules =
    group === 'monitoring.coreos.com'
      ? [`@kubernetes-models/prometheus-operator/${dir}/${kind}`]
      : [`kubernetes-models/${dir}/${kind}`];
  for (const m of modules) {
    try {
      return require(m)[kind];
    } catch {
      // not in this package
    }
  }
  return undefined;
}

/** A core type's validation by kubernetes-models (e.g. `ResourceRequirements` of v1), reading `this`. */
function coreValidate(name: string): (data: unknown) => void {
  const Model = require(`kubernetes-models/v1/${name}`)[name];
  return (data) => Model.prototype.validate.call(data);
}

// ---- CloudNativePG: a shape of the API (postgresql.cnpg.io/v1, CloudNativePG 1.25) ----------------------

/** A leaf type, a nested shape, a list of one shape, a map of one shape (`{ '*': shape }`), or a core type. */
type Shape =
  'string' | 'number' | 'boolean' | 'quantity' | 'any' | { [field: string]: Shape } | [Shape] | { core: string };

const str = 'string' as const;
const num = 'number' as const;
const bool = 'boolean' as const;
const any = 'any' as const;
const map = (s: Shape): Shape => ({ '*': s });
const core = (name: string): Shape => ({ core: name });
const secretRef: Shape = { name: str };
const secretKeyRef: Shape = { name: str, key: str };

const barmanObjectStore: Shape = {
  destinationPath: str,
  endpointURL: str,
  endpointCA: secretKeyRef,
  serverName: str,
  s3Credentials: {
    accessKeyId: secretKeyRef,
    secretAccessKey: secretKeyRef,
    region: secretKeyRef,
    sessionToken: secretKeyRef,
    inheritFromIAMRole: bool,
  },
  azureCredentials: {
    connectionString: secretKeyRef,
    storageAccount: secretKeyRef,
    storageKey: secretKeyRef,
    storageSasToken: secretKeyRef,
    inheritFromAzureAD: bool,
  },
  googleCredentials: { applicationCredentials: secretKeyRef, gkeEnvironment: bool },
  wal: {
    compression: str,
    encryption: str,
    maxParallel: num,
    archiveAdditionalCommandArgs: [str],
    restoreAdditionalCommandArgs: [str],
  },
  data: { compression: str, encryption: str, jobs: num, immediateCheckpoint: bool, additionalCommandArgs: [str] },
  tags: map(str),
  historyTags: map(str),
};

const clusterSpec: Shape = {
  description: str,
  inheritedMetadata: { labels: map(str), annotations: map(str) },
  imageName: str,
  imageCatalogRef: { apiGroup: str, kind: str, name: str, major: num },
  imagePullPolicy: str,
  imagePullSecrets: [secretRef],
  schedulerName: str,
  postgresUID: num,
  postgresGID: num,
  instances: num,
  minSyncReplicas: num,
  maxSyncReplicas: num,
  postgresql: {
    parameters: map(str),
    pg_hba: [str],
    pg_ident: [str],
    shared_preload_libraries: [str],
    synchronous: { method: str, number: num, standbyNamesPre: [str], standbyNamesPost: [str], dataDurability: str },
    syncReplicaElectionConstraint: { enabled: bool, nodeLabelsAntiAffinity: [str] },
    promotionTimeout: num,
    enableAlterSystem: bool,
    ldap: any,
  },
  replicationSlots: {
    highAvailability: { enabled: bool, slotPrefix: str },
    updateInterval: num,
    synchronizeReplicas: { enabled: bool, excludePatterns: [str] },
  },
  bootstrap: {
    initdb: {
      database: str,
      owner: str,
      secret: secretRef,
      options: [str],
      dataChecksums: bool,
      encoding: str,
      localeCollate: str,
      localeCType: str,
      locale: str,
      localeProvider: str,
      icuLocale: str,
      icuRules: str,
      builtinLocale: str,
      walSegmentSize: num,
      postInitSQL: [str],
      postInitApplicationSQL: [str],
      postInitTemplateSQL: [str],
      postInitSQLRefs: any,
      postInitApplicationSQLRefs: any,
      postInitTemplateSQLRefs: any,
      import: any,
    },
    recovery: {
      source: str,
      backup: { name: str, endpointCA: secretKeyRef },
      volumeSnapshots: any,
      recoveryTarget: {
        backupID: str,
        targetTLI: str,
        targetXID: str,
        targetName: str,
        targetLSN: str,
        targetTime: str,
        targetImmediate: bool,
        exclusive: bool,
      },
      database: str,
      owner: str,
      secret: secretRef,
    },
    pg_basebackup: { source: str, database: str, owner: str, secret: secretRef },
  },
  replica: { enabled: bool, source: str, primary: str, self: str, promotionToken: str, minApplyDelay: str },
  superuserSecret: secretRef,
  enableSuperuserAccess: bool,
  certificates: {
    serverCASecret: str,
    serverTLSSecret: str,
    replicationTLSSecret: str,
    clientCASecret: str,
    serverAltDNSNames: [str],
  },
  storage: { size: str, storageClass: str, resizeInUseVolumes: bool, pvcTemplate: any },
  walStorage: { size: str, storageClass: str, resizeInUseVolumes: bool, pvcTemplate: any },
  tablespaces: [
    {
      name: str,
      storage: { size: str, storageClass: str, resizeInUseVolumes: bool, pvcTemplate: any },
      owner: { name: str },
      temporary: bool,
    },
  ],
  serviceAccountTemplate: any,
  ephemeralVolumeSource: any,
  ephemeralVolumesSizeLimit: { shm: str, temporaryData: str },
  startDelay: num,
  stopDelay: num,
  smartShutdownTimeout: num,
  switchoverDelay: num,
  failoverDelay: num,
  livenessProbeTimeout: num,
  affinity: {
    enablePodAntiAffinity: bool,
    topologyKey: str,
    podAntiAffinityType: str,
    nodeSelector: map(str),
    nodeAffinity: core('NodeAffinity'),
    tolerations: [core('Toleration')],
    additionalPodAntiAffinity: core('PodAntiAffinity'),
    additionalPodAffinity: core('PodAffinity'),
  },
  topologySpreadConstraints: [core('TopologySpreadConstraint')],
  resources: core('ResourceRequirements'),
  priorityClassName: str,
  primaryUpdateStrategy: str,
  primaryUpdateMethod: str,
  backup: {
    barmanObjectStore,
    retentionPolicy: str,
    target: str,
    volumeSnapshot: any,
  },
  plugins: [{ name: str, enabled: bool, isWALArchiver: bool, parameters: map(str) }],
  externalClusters: [
    {
      name: str,
      connectionParameters: map(str),
      sslKey: secretKeyRef,
      sslCert: secretKeyRef,
      sslRootCert: secretKeyRef,
      password: secretKeyRef,
      barmanObjectStore,
      plugin: { name: str, enabled: bool, isWALArchiver: bool, parameters: map(str) },
    },
  ],
  nodeMaintenanceWindow: { inProgress: bool, reusePVC: bool },
  monitoring: {
    enablePodMonitor: bool,
    disableDefaultQueries: bool,
    customQueriesConfigMap: [secretKeyRef],
    customQueriesSecret: [secretKeyRef],
    tls: { enabled: bool },
    podMonitorMetricRelabelings: any,
    podMonitorRelabelings: any,
  },
  logLevel: str,
  projectedVolumeTemplate: any,
  env: [core('EnvVar')],
  envFrom: [core('EnvFromSource')],
  managed: { roles: any, services: any },
  seccompProfile: core('SeccompProfile'),
  enablePDB: bool,
  probes: any,
};

const backupSpec: Shape = {
  cluster: { name: str },
  method: str,
  target: str,
  online: bool,
  onlineConfiguration: { immediateCheckpoint: bool, waitForArchive: bool },
  pluginConfiguration: { name: str, parameters: map(str) },
};

const CNPG: Record<string, Shape> = {
  Cluster: clusterSpec,
  ScheduledBackup: {
    ...(backupSpec as Record<string, Shape>),
    schedule: str,
    suspend: bool,
    immediate: bool,
    backupOwnerReference: str,
  },
  Backup: backupSpec,
};

const objectMeta = coreSchemaMeta();
function coreSchemaMeta(): ValidateFn {
  return require('@kubernetes-models/apimachinery/_schemas/IoK8sApimachineryPkgApisMetaV1ObjectMeta').validate;
}

function checkShape(value: unknown, shape: Shape, p: string, problems: string[]): void {
  if (shape === 'any') return;
  if (typeof shape === 'string') {
    const ok = shape === 'quantity' ? typeof value === 'string' || typeof value === 'number' : typeof value === shape;
    if (!ok) problems.push(`${p}: must be a ${shape}`);
    return;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) problems.push(`${p}: must be a list`);
    else value.forEach((v, i) => checkShape(v, shape[0], `${p}/${i}`, problems));
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${p}: must be an object`);
    return;
  }
  if ('core' in shape && typeof shape.core === 'string') {
    problems.push(...strictRun(coreValidate(shape.core), value as Obj, p));
    return;
  }
  const fields = shape as Record<string, Shape>;
  for (const [key, child] of Object.entries(value)) {
    const s = fields[key] ?? fields['*'];
    if (s === undefined) problems.push(`${p}/${key}: unknown field`);
    else checkShape(child, s, `${p}/${key}`, problems);
  }
}

function runValidate(fn: ValidateFn, data: unknown): void {
  if (!fn(data)) throw new Error(JSON.stringify((fn as unknown as { errors: unknown }).errors));
}

/**
 * The problems of one rendered object: schema errors and unknown fields, or that its kind has no schema
 * here (an object this file cannot check is a failure, never a pass).
 */
export function strictProblems(o: Obj): string[] {
  const at = `${o.kind}/${o.metadata?.name}`;
  if (o.apiVersion === 'postgresql.cnpg.io/v1' && CNPG[o.kind]) {
    const problems: string[] = [];
    for (const key of Object.keys(o))
      if (!['apiVersion', 'kind', 'metadata', 'spec'].includes(key)) problems.push(`${at}/${key}: unknown field`);
    problems.push(...strictRun((data) => runValidate(objectMeta, data), o.metadata ?? {}, `${at}/metadata`));
    checkShape(o.spec, CNPG[o.kind], `${at}/spec`, problems);
    if (o.kind === 'Cluster' && typeof o.spec?.instances !== 'number') problems.push(`${at}/spec/instances: required`);
    if (o.kind !== 'Cluster' && typeof o.spec?.cluster?.name !== 'string')
      problems.push(`${at}/spec/cluster/name: required`);
    return problems;
  }
  const Model = modelFor(o.apiVersion, o.kind);
  if (!Model) return [`${at}: no schema for ${o.apiVersion} ${o.kind}`];
  // Kustomize folds long base64 values over lines; the API server's decoder skips the line breaks.
  const data =
    o.kind === 'Secret' && o.data
      ? Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, String(v).replace(/\s+/g, '')]))
      : undefined;
  return strictRun((proxy) => Model.prototype.validate.call(proxy), data ? { ...o, data } : o, at);
}
