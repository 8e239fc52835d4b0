import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The frontend's import rules of eslint.config.mjs (docs/conventions.md), run through ESLint's own API on made-up
// files: a feature importing another feature fails `npm run lint`; shared code and the @/ alias pass.
const repoRoot = join(__dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  // the Nx project-graph rule is not what this tests, and it would build the graph first
  eslint = new ESLint({ cwd: repoRoot, overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } } });
});

/** The `no-restricted-imports` messages for `code` as if it stood at `file` (below frontend/src). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
    filePath: join(repoRoot, 'frontend/src', file),
  });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the frontend import rules', () => {
  it('fail a feature that imports another feature, through the alias or a relative path', async () => {
    const [viaAlias] = await importErrors(
      'features/faq/routes/made-up.tsx',
      "import { x } from '@/features/locations/api/get-locations';",
    );
    expect(viaAlias).toMatch(
      /A feature imports only its own folder \(@\/features\/faq\) and shared code from @\/components, @\/lib, @\/config/,
    );

    expect(
      await importErrors('features/faq/routes/made-up.tsx', "import { x } from '../../locations/api/get-locations';"),
    ).toEqual([expect.stringMatching(/through the @\/ alias/)]);
    expect(await importErrors('features/menu/made-up.ts', "import { x } from '../blog/api/get-posts';")).toEqual([
      expect.stringMatching(/Outside its own folder a feature imports through the @\/ alias/),
    ]);
    expect(
      await importErrors('features/menu/made-up.test.ts', "export { x } from '@/features/blog/testing/fixtures';"),
    ).toHaveLength(1);
  });

  it('fail a feature that imports the app, the admin or the test harness outside its tests', async () => {
    for (const source of ['@/app/providers', '@/admin/api/resources', '@/testing/render', '@/service-worker/rules']) {
      expect(
        await importErrors('features/blog/routes/made-up.tsx', `import { x } from '${source}';`),
        source,
      ).toHaveLength(1);
    }
  });

  it('let a feature import its own folder and the shared code in components/, lib/ and config/', async () => {
    const code = [
      "import { PageHeader } from '@/components/page-header/page-header';",
      "import { useSiteSettings } from '@/lib/site';",
      "import { DEFAULT_SITE_SETTINGS } from '@/config/site';",
      "import { y } from '@/features/faq/utils/faq';",
      "import { z } from '../utils/faq';",
      "import { x } from './sibling';",
      'export const all = [PageHeader, useSiteSettings, DEFAULT_SITE_SETTINGS, y, z];',
    ].join('\n');
    expect(await importErrors('features/faq/routes/made-up.tsx', code)).toEqual([]);
  });

  it("let a feature's tests use the test harness and the app's providers, and the app import every feature", async () => {
    const inTest =
      "import { x } from '@/testing/render';\nimport { Providers } from '@/app/providers';\nexport const p = Providers;";
    expect(await importErrors('features/menu/routes/made-up.test.tsx', inTest)).toEqual([]);
    expect(
      await importErrors('app/routes/made-up.tsx', "import { x } from '@/features/menu/routes/menu-route';"),
    ).toEqual([]);
  });

  it('fail an import that climbs two folders anywhere in frontend/src', async () => {
    expect(await importErrors('app/routes/made-up.tsx', "import { x } from '../../lib/format';")).toEqual([
      expect.stringMatching(/through the @\/ alias/),
    ]);
  });
});
