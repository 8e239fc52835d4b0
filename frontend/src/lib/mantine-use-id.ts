import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), as the builds use it (vite.config.ts, `stableMantineId`). Mantine's
 * own gives React's id at first and a random one in a layout effect right after mount, so every component
 * with a label, a popover or a combobox renders again, synchronously, in the task that hydrated the page,
 * and its ids change under the server's HTML. React's id is the same on the server and in the browser, and
 * unique in the page's one root: it is kept.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
