import { lazy, Suspense } from 'react';
import { useCompareTray } from '../../lib/compare-tray';

const CompareTray = lazy(async () => ({ default: (await import('./compare-tray')).CompareTray }));

/** The tray's own chunk loads once a drink is in it: a page without a comparison pays nothing for it. */
export function CompareTrayMount() {
  const tray = useCompareTray();
  if (tray.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray drinks={tray} />
    </Suspense>
  );
}
