/**
 * The runbooks' commands stay true: every ```sh block of docs/operations.md, docs/kubernetes.md and
 * docs/compose.md is read command by command (pipes, `&&`, `$(...)`, `xargs`, loops and `cd` followed) and
 * each one is checked against what it names:
 *   npm run X          a script of the root package.json (also every `npm run X` anywhere in docs/ and README)
 *   docker compose ... the Compose file's services (`-f` another file), `--scale X=N` too
 *   docker build -f F  the Dockerfile exists
 *   kubectl            `apply -k`/`kustomize` directories render; `-n` is an overlay's namespace; deploy/,
 *                      svc/ and `get <kind>` name objects that overlay renders; port-forward a Service port
 *   kustomize edit     run in an overlay's directory, on an image that overlay sets
 *   node, promtool     the files exist
 * A command this file does not know fails the test: teach it here when a runbook gains one.
 *   npx jest -c infra/jest.config.cjs infra/docs
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const RUNBOOKS = ['docs/operations.md', 'docs/kubernetes.md', 'docs/compose.md'];
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
/** The scripts of a workspace (`npm run X -w frontend`: by folder or package name), or the root's. */
function scriptsOf(workspace?: string): Record<string, string> {
  if (!workspace) return scripts;
  const dir = path.join(ROOT, workspace);
  const file = existsSync(path.join(dir, 'package.json')) ? path.join(dir, 'package.json') : undefined;
  return file ? (JSON.parse(readFileSync(file, 'utf8')).scripts ?? {}) : {};
}
const haveKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
const inCi = process.env.CI === 'true';

/** Commands that need no check of their own (their arguments are data, or the tool lives outside the repo). */
const PLAIN = new Set([
  'for',
  'done',
  'fi',
  'echo',
  'printf',
  'sed',
  'awk',
  'cp',
  'mv',
  'mkdir',
  'wc',
  'date',
  'sleep',
  'openssl',
  'cat',
  'grep',
  'head',
  'tail',
  'curl',
  'kind',
  'minikube',
  'k3d',
  'pg_dump',
  'pg_restore',
  'psql',
  'redis-cli',
  'yq',
  'jq',
  'gzip',
  'gunzip',
  'tar',
  'ls',
  'rm',
  'test',
  'true',
  'false',
]);

type Obj = Record<string, any>;

/** The ```sh blocks of a Markdown file, each a list of logical lines (continuations joined, comments dropped). */
function shBlocks(file: string): string[][] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map((m) =>
    m[1]
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map(stripComment)
      .filter((l) => l.trim()),
  );
}

/** Drops a `# comment` outside quotes. */
function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

/** Shell words of a line, quotes removed, with `$(...)` bodies pulled out as commands of their own. */
function commandsOf(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let quote = '';
  const endWord = () => {
    if (word) words.push(word);
    word = '';
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = '';
      else if (ch === '$' && line[i + 1] === '(' && quote === '"') i = subshell(i);
      else word += ch;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '$' && line[i + 1] === '(' && line[i + 2] === '(') {
      const end = line.indexOf('))', i);
      word += 'N';
      i = end + 1;
    } else if (ch === '$' && line[i + 1] === '(') i = subshell(i);
    else if (/\s/.test(ch)) endWord();
    else if (ch === '|' || ch === ';' || ch === '&') {
      endCommand();
      if (line[i + 1] === ch) i++;
    } else if (ch === '<' || ch === '>') {
      // a redirection: its file is data
      endWord();
      if (line[i + 1] === '>') i++;
      while (line[i + 1] === ' ') i++;
      const rest = /^("[^"]*"|'[^']*'|\S+)/.exec(line.slice(i + 1));
      i += rest ? rest[0].length : 0;
    } else word += ch;
  }
  endCommand();
  return commands;

  /** Reads `$(...)` from index i (at `$`), queues its commands, puts a placeholder in the word; returns the index of `)`. */
  function subshell(i: number): number {
    let depth = 0;
    let j = i + 1;
    for (; j < line.length; j++) {
      if (line[j] === '(') depth++;
      else if (line[j] === ')' && --depth === 0) break;
    }
    commands.push(...commandsOf(line.slice(i + 2, j)));
    word += 'X';
    return j;
  }
}

const composeServices = new Map<string, string[]>();
function servicesOf(file: string): string[] {
  if (!composeServices.has(file))
    composeServices.set(file, Object.keys(parse(readFileSync(path.join(ROOT, file), 'utf8')).services ?? {}));
  return composeServices.get(file)!;
}

const rendered = new Map<string, Obj[] | Error>();
function render(dir: string): Obj[] {
  if (!rendered.has(dir)) {
    const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 << 20 });
    rendered.set(
      dir,
      out.status === 0
        ? parseAllDocuments(out.stdout)
            .map((d) => d.toJS() as Obj)
            .filter(Boolean)
        : new Error(out.stderr),
    );
  }
  const r = rendered.get(dir)!;
  if (r instanceof Error) throw r;
  return r;
}
const overlays = () =>
  readdirSync(path.join(ROOT, 'infra', 'k8s', 'overlays')).map((o) => path.join(ROOT, 'infra', 'k8s', 'overlays', o));
const overlayOfNamespace = (ns: string) =>
  overlays().find((dir) => render(dir).some((o) => o.kind === 'Namespace' && o.metadata.name === ns));

const KIND_ALIASES: Record<string, string> = {
  deploy: 'Deployment',
  deployment: 'Deployment',
  svc: 'Service',
  service: 'Service',
  sts: 'StatefulSet',
  statefulset: 'StatefulSet',
  cm: 'ConfigMap',
  hpa: 'HorizontalPodAutoscaler',
  pdb: 'PodDisruptionBudget',
  job: 'Job',
  cronjob: 'CronJob',
  cluster: 'Cluster',
  scheduledbackup: 'ScheduledBackup',
  backup: 'Backup',
  pod: 'Pod',
  pods: 'Pod',
  secret: 'Secret',
};

/** The problems of one command, run in `cwd` (relative to the repository). */
function check(words: string[], cwd: string): string[] {
  const [cmd, ...args] = words;
  const at = words.join(' ');
  const problems: string[] = [];
  const fail = (why: string) => problems.push(`${at}: ${why}`);
  if (/^[A-Za-z_]\w*=/.test(cmd)) return args.length ? check(args, cwd) : []; // an assignment (its $(...) checked apart)
  // a keyword that starts a command of its own: `do docker ...`, `then kubectl ...`
  if (['do', 'then', 'else', 'if', 'while', 'until', '!'].includes(cmd)) return args.length ? check(args, cwd) : [];
  if (PLAIN.has(cmd)) return [];
  switch (cmd) {
    case 'cd':
      return existsSync(path.join(ROOT, cwd, args[0] ?? '.')) ? [] : [`${at}: no such directory`];
    case 'bash':
    case 'sh':
      // a script of the repository (infra/compose/secrets.sh)
      return args[0] && existsSync(path.join(ROOT, cwd, args[0])) ? [] : [`${at}: no such script`];
    case 'xargs': {
      const i = args.findIndex(
        (a, k) => !a.startsWith('-') && !/^\d+$/.test(a) && !(k > 0 && ['-n', '-P', '-I', '-L'].includes(args[k - 1])),
      );
      return i < 0 ? [] : check(args.slice(i), cwd);
    }
    case 'npm': {
      if (args[0] === 'run') {
        const w = args.findIndex((a) => a === '-w' || a === '--workspace');
        const ws = w >= 0 ? args[w + 1] : undefined;
        if (!(args[1] in scriptsOf(ws))) fail(`no script "${args[1]}" in ${ws ?? '.'}/package.json`);
      } else if (!['start', 'test', 'ci', 'install', 'i'].includes(args[0]))
        fail(`npm ${args[0]} is not a runbook command`);
      return problems;
    }
    case 'node':
    case 'promtool':
      for (const a of args.filter((x) => /^(infra|services|libs|bff|frontend)\//.test(x) && !x.includes('/dist/')))
        if (!existsSync(path.join(ROOT, cwd, a))) fail(`no file ${a}`);
      return problems;
    case 'docker':
      if (args[0] === 'compose') return checkCompose(args.slice(1), at);
      if (args[0] === 'build') {
        const f = args[args.indexOf('-f') + 1];
        for (const app of f.includes('$app') ? ['bff', 'catalog', 'locations', 'content', 'auth'] : ['']) {
          const file = f.replace('$app', app);
          if (!existsSync(path.join(ROOT, cwd, file))) fail(`no Dockerfile ${file}`);
        }
        return problems;
      }
      if (!['stop', 'rm', 'cp', 'logs', 'ps', 'exec', 'inspect', 'tag', 'push', 'pull', 'images'].includes(args[0]))
        fail(`docker ${args[0]} is not known here`);
      return problems;
    case 'kubectl':
      return checkKubectl(args, cwd, at);
    case 'kustomize': {
      const dir = path.join(ROOT, cwd);
      if (args[0] !== 'edit') return [`${at}: only \`kustomize edit\` is known here`];
      if (!existsSync(path.join(dir, 'kustomization.yaml')))
        return [`${at}: run outside an overlay's directory (${cwd || '.'}): cd into it first`];
      const images: Obj[] = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')).images ?? [];
      if (args[1] === 'set' && args[2] === 'image') {
        for (const a of args.slice(3)) {
          const name = a.split('=')[0];
          if (!images.some((im) => im.name === name)) fail(`the overlay sets no image ${name}`);
        }
      }
      return problems;
    }
    default:
      fail(`unknown command ${cmd}`);
      return problems;
  }
}

function checkCompose(args: string[], at: string): string[] {
  const problems: string[] = [];
  let file = 'docker-compose.yml';
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    if (args[i] === '-f' || args[i] === '--file') file = args[++i];
    else if (args[i] === '-p' || args[i] === '--project-name') i++;
  }
  if (!existsSync(path.join(ROOT, file))) return [`${at}: no Compose file ${file}`];
  const services = servicesOf(file);
  const sub = args[i];
  const rest = args.slice(i + 1);
  const VALUE_FLAGS = new Set(['-t', '--timeout', '-u', '--user', '-e', '--env', '-w', '--workdir', '--index']);
  const known = [
    'up',
    'down',
    'ps',
    'logs',
    'exec',
    'run',
    'stop',
    'start',
    'restart',
    'build',
    'pull',
    'config',
    'rm',
    'kill',
    'top',
    'images',
  ];
  if (!known.includes(sub)) return [`${at}: docker compose ${sub} is not known here`];
  for (let k = 0; k < rest.length; k++) {
    if (rest[k] === '--scale') {
      const name = rest[++k].split('=')[0];
      if (!services.includes(name)) problems.push(`${at}: --scale of ${name}, not a service of ${file}`);
    }
  }
  // the services named: every word after the subcommand's flags (exec and run: the first only, then a command)
  const names: string[] = [];
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k];
    if (a === '--scale' || VALUE_FLAGS.has(a)) k++;
    else if (a.startsWith('-')) continue;
    else {
      names.push(a);
      if (sub === 'exec' || sub === 'run') break;
    }
  }
  for (const n of names) if (!services.includes(n)) problems.push(`${at}: ${n} is not a service of ${file}`);
  return problems;
}

function checkKubectl(args: string[], cwd: string, at: string): string[] {
  const problems: string[] = [];
  let ns: string | undefined;
  const rest: string[] = [];
  for (let k = 0; k < args.length; k++) {
    if (args[k] === '-n' || args[k] === '--namespace') ns = args[++k];
    else if (args[k].startsWith('--namespace=')) ns = args[k].slice(12);
    else rest.push(args[k]);
  }
  const verb = rest[0];
  if (verb === 'apply' || verb === 'kustomize' || verb === 'diff' || verb === 'delete') {
    const k = rest.indexOf('-k');
    const dir = verb === 'kustomize' ? rest[1] : k >= 0 ? rest[k + 1] : undefined;
    if (!dir) return verb === 'delete' ? [] : [`${at}: only -k (a Kustomize directory) is used here`];
    try {
      render(path.join(ROOT, cwd, dir));
    } catch (error) {
      problems.push(`${at}: does not render: ${(error as Error).message.split('\n')[0]}`);
    }
    return problems;
  }
  const VERBS = [
    'get',
    'describe',
    'logs',
    'rollout',
    'port-forward',
    'scale',
    'exec',
    'create',
    'wait',
    'top',
    'annotate',
    'label',
    'cnpg',
    'cp',
    'run',
  ];
  if (!VERBS.includes(verb)) return [`${at}: kubectl ${verb} is not known here`];
  const overlay = ns ? overlayOfNamespace(ns) : undefined;
  if (ns && !overlay) return [`${at}: no overlay renders the namespace ${ns}`];
  if (!overlay) return problems;
  const objs = render(overlay);
  const find = (kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);
  for (const a of rest.slice(1)) {
    const m = /^([a-z]+)\/([a-z0-9-]+)$/.exec(a);
    if (!m) continue;
    const kind = KIND_ALIASES[m[1]];
    if (!kind) problems.push(`${at}: unknown resource type ${m[1]}`);
    else if (!find(kind, m[2])) problems.push(`${at}: ${path.basename(overlay)} renders no ${kind} ${m[2]}`);
    else if (
      verb === 'scale' &&
      objs.some((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === m[2])
    )
      problems.push(`${at}: its HPA owns the replica count`);
    else if (verb === 'port-forward' && kind === 'Service') {
      const port = Number(rest[rest.indexOf(a) + 1]?.split(':').pop());
      if (!find(kind, m[2]).spec.ports.some((p: Obj) => p.port === port))
        problems.push(`${at}: the Service has no port ${port}`);
    }
  }
  if (verb === 'get' && rest[1] && !rest[1].includes('/')) {
    const kind = KIND_ALIASES[rest[1]];
    if (!kind || !objs.some((o) => o.kind === kind))
      problems.push(`${at}: ${path.basename(overlay)} renders no ${rest[1]}`);
  }
  return problems;
}

/** Every command of a block, with the directory it runs in. */
function blockProblems(lines: string[]): { commands: number; problems: string[] } {
  let cwd = '';
  let commands = 0;
  const problems: string[] = [];
  for (const line of lines) {
    for (const words of commandsOf(line)) {
      commands++;
      problems.push(...check(words, cwd));
      if (words[0] === 'cd') cwd = path.join(cwd, words[1] ?? '.');
    }
  }
  return { commands, problems };
}

const describeIf = haveKubectl || inCi ? describe : describe.skip;
if (!haveKubectl && !inCi)
  console.warn('infra/docs/runbooks.spec.ts: SKIPPED, kubectl is not on the PATH (the runbooks render the overlays)');

describeIf('the runbooks (docs/*.md): every command names what exists', () => {
  it('has kubectl (CI never skips these checks)', () => {
    expect(haveKubectl).toBe(true);
  });

  it.each(RUNBOOKS)('%s: every command of its sh blocks', (file) => {
    const blocks = shBlocks(file);
    expect(blocks.length).toBeGreaterThan(0);
    let commands = 0;
    const problems: string[] = [];
    for (const b of blocks) {
      const r = blockProblems(b);
      commands += r.commands;
      problems.push(...r.problems);
    }
    expect(commands).toBeGreaterThan(blocks.length);
    expect(problems).toEqual([]);
  });

  it('names only npm scripts that exist, anywhere in docs/ and the README', () => {
    const files = [
      'README.md',
      ...readdirSync(path.join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const missing = files.flatMap((f) =>
      [
        ...readFileSync(path.join(ROOT, f), 'utf8').matchAll(
          /npm run ([\w:-]+)(?:\s+(?:-w|--workspace)[ =]([\w@/-]+))?/g,
        ),
      ]
        .filter((m) => !(m[1] in scriptsOf(m[2])))
        .map((m) => `${f}: ${m[0]}`),
    );
    expect(missing).toEqual([]);
  });

  it('fails a command that no longer holds (a renamed script, a missing service, a deployment, a namespace)', () => {
    const problems = (lines: string[]) => blockProblems(lines).problems;
    expect(problems(['npm run admin:password -- --email a@b.c'])).toEqual([]);
    expect(problems(['npm run size -w frontend'])).toEqual([]);
    expect(problems(['npm run size'])).toEqual([expect.stringContaining('no script "size"')]);
    expect(problems(['npm run admin:change-password -- --email a@b.c'])).toEqual([
      expect.stringContaining('no script "admin:change-password"'),
    ]);
    expect(problems(['docker compose exec -T postgress pg_dump -U postgres -Fc coffee_catalog > x.dump'])).toEqual([
      expect.stringContaining('postgress is not a service'),
    ]);
    expect(problems(['docker compose up -d --scale catalogue=2'])).not.toEqual([]);
    expect(problems(['n=$(docker compose ps -q catalogue | wc -l)'])).not.toEqual([]);
    expect(problems(['kubectl -n coffee-guide rollout status deploy/catalogue'])).toEqual([
      expect.stringContaining('no Deployment catalogue'),
    ]);
    expect(problems(['kubectl -n coffee-guide scale deploy/bff --replicas=4'])).toEqual([
      expect.stringContaining('HPA owns'),
    ]);
    expect(problems(['kubectl -n coffee-guide-prod get pods'])).toEqual([
      expect.stringContaining('no overlay renders the namespace'),
    ]);
    expect(problems(['kubectl apply -k infra/k8s/overlays/staging'])).toEqual([
      expect.stringContaining('does not render'),
    ]);
    expect(problems(['kustomize edit set image coffee-guide/bff=r/bff:1'])).toEqual([
      expect.stringContaining('cd into it first'),
    ]);
    expect(
      problems([
        'cd infra/k8s/overlays/production',
        'kustomize edit set image coffee-guide/bff=r/bff:1',
        'kubectl apply -k .',
      ]),
    ).toEqual([]);
    expect(problems(['make backup'])).toEqual([expect.stringContaining('unknown command make')]);
  });
});
