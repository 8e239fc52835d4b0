import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID_IMPORT, stableMantineId } from './stable-mantine-id.ts';

// the installed package's ES index, the file the browser and server builds resolve '@mantine/hooks' to
const hooksIndex = fileURLToPath(import.meta.resolve('@mantine/hooks')).replace(
  /[\\/]cjs[\\/]index\.cjs$/,
  '/esm/index.mjs',
);

describe('stableMantineId (vite plugin)', () => {
  it('matches how the installed @mantine/hooks imports its useId, so an upgrade that moves it fails here', () => {
    expect(readFileSync(hooksIndex, 'utf8')).toMatch(
      new RegExp(`import \\{ useId \\} from "${MANTINE_USE_ID_IMPORT.replace(/[./]/g, '\\$&')}"`),
    );
  });

  it("swaps only that import of Mantine's index", () => {
    const plugin = stableMantineId('/app/src/lib/mantine-use-id.ts');
    expect(plugin.resolveId(MANTINE_USE_ID_IMPORT, hooksIndex)).toBe('/app/src/lib/mantine-use-id.ts');
    expect(plugin.resolveId(MANTINE_USE_ID_IMPORT, '/app/node_modules/other/esm/index.mjs')).toBeNull();
    expect(plugin.resolveId('./use-idle/use-idle.mjs', hooksIndex)).toBeNull();
    expect(plugin.resolveId(MANTINE_USE_ID_IMPORT, undefined)).toBeNull();
  });
});
