/** The import of `useId` inside @mantine/hooks' own index (checked by stable-mantine-id.test.ts against the installed package). */
export const MANTINE_USE_ID_IMPORT = './use-id/use-id.mjs';
const MANTINE_HOOKS_INDEX = /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;

/**
 * Mantine's `useId` swapped for `replacement` (src/lib/mantine-use-id.ts) in both builds: Mantine's own sets a
 * random id in a layout effect after mount, which renders every labelled input again, synchronously, in
 * the task that hydrates the page.
 */
export function stableMantineId(replacement: string) {
  return {
    name: 'coffee-guide:stable-mantine-id',
    enforce: 'pre' as const,
    resolveId(source: string, importer?: string): string | null {
      return source === MANTINE_USE_ID_IMPORT && importer !== undefined && MANTINE_HOOKS_INDEX.test(importer)
        ? replacement
        : null;
    },
  };
}
