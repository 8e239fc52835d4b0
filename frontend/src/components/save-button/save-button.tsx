import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { ActionIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SavedDrink, SavedKind, SavedStand } from '../../lib/saved/saved-store';
import { HeartIcon } from '../icons/icons';

const store = () => import('../../lib/saved/saved-store');

/**
 * The heart that keeps a drink or a stand on this device (My drinks and stands, /saved). Rendered un-saved on
 * the server and on hydration; the saved state is read after mount, in the same place and size (no shift).
 * The store module loads then, so it adds nothing to a page's first load.
 */
export function SaveButton({ kind, item, name, className }: { kind: SavedKind; item: SavedDrink | SavedStand; name: string; className?: string }) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    void store().then((s) => {
      if (!live) return;
      const sync = () => setSaved(s.isSaved(kind, item.id));
      sync();
      s.refreshSaved(kind, item);
      unsubscribe = s.subscribeSaved(sync);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [kind, item]);

  return (
    <ActionIcon
      variant="subtle"
      color="red.8"
      size="lg"
      aria-label={`Save ${name}`}
      aria-pressed={saved}
      title={saved ? 'Saved on this device' : 'Save on this device'}
      className={className}
      data-saved={saved || undefined}
      onClick={() => void store().then((s) => setSaved(s.toggleSaved(kind, item)))}
    >
      <HeartIcon size={18} filled={saved} />
    </ActionIcon>
  );
}
