import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { nativeShare, type SharePayload, type ShareTargetId } from '@/lib/share';

// the dialog (Modal, focus trap, scroll lock) is its own chunk: most visits never open it
const loadShareDialog = () => import('./share-dialog');
const ShareDialog = lazy(loadShareDialog);

/** Fetches the dialog's code ahead of a click (on hover or focus of a share button). */
export function preloadShareDialog(): void {
  void loadShareDialog();
}

export type SharedVia = 'native' | ShareTargetId | 'copy';

export interface ShareControls {
  share: (payload: SharePayload) => Promise<void>;
  /** The share dialog, to render next to the share button (empty until first needed). */
  dialog: ReactNode;
}

/** Native share when the device has one, otherwise the spec's share dialog. */
export function useShare(onShared?: (via: SharedVia) => void): ShareControls {
  const [payload, setPayload] = useState<SharePayload | null>(null);
  const [opened, setOpened] = useState(false);
  // the control that opened the dialog gets the focus back on close: the dialog is mounted already open (its
  // chunk loads on the first share), so the modal itself never saw what had the focus before it
  const opener = useRef<HTMLElement | null>(null);

  const share = useCallback(
    async (next: SharePayload) => {
      // docs/decisions.md, "Counts, limits and timings" (shareWithFallback with a dialog): the native share first, else the dialog
      const focused = document.activeElement;
      const native = await nativeShare(next);
      if (native === 'shared') onShared?.('native');
      if (native === false) {
        opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
        setPayload(next);
        setOpened(true);
      }
    },
    [onShared],
  );

  const close = useCallback(() => {
    setOpened(false);
    const back = opener.current;
    opener.current = null;
    // after the modal has let go of the focus (its trap ends with the close)
    if (back) setTimeout(() => back.isConnected && back.focus({ preventScroll: true }), 0);
  }, []);

  const dialog = payload ? (
    <Suspense fallback={null}>
      <ShareDialog opened={opened} onClose={close} payload={payload} onShared={onShared} />
    </Suspense>
  ) : null;

  return { share, dialog };
}
