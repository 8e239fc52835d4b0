import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { SavedDrink, SavedKind, SavedStand } from '@/lib/saved/saved-store';
import './save-button.css';

// one import for every heart on the page: each call of Vite's preload helper searches the whole document
let loading: Promise<typeof import('@/lib/saved/saved-store')> | undefined;
const store = () => (loading ??= import('@/lib/saved/saved-store'));

/** The heart of "save": filled when the item is saved (here, not in the shared icons: only this chunk draws it). */
function HeartIcon({ size, filled, red }: { size: number; filled: boolean; red?: boolean }) {
  return (
    <svg
      style={red ? { color: 'var(--mantine-color-red-8)' } : undefined}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9z" />
    </svg>
  );
}

/**
 * The note a save shows: where the saved item is kept, with a link to /saved. The toast is drawn outside the
 * router, so the link follows it through the page's own navigate (a plain link without JavaScript).
 */
function noteSaved(kind: SavedKind, name: string, navigate: NavigateFunction) {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: 'saved-note',
      color: 'red',
      title: `${name} saved`,
      message: (
        <>
          Kept on this device with your other {kind === 'drink' ? 'drinks' : 'stands'}.{' '}
          <a
            href="/saved"
            className="saved-note-link"
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              notifications.hide('saved-note');
              navigate('/saved');
            }}
          >
            See your saved drinks and stands
          </a>
        </>
      ),
    }),
  );
}

export interface SaveButtonProps {
  kind: SavedKind;
  item: SavedDrink | SavedStand;
  /** The item's name, for the button's accessible name. */
  name: string;
  /** A labelled button (pages) instead of the heart alone (cards). */
  label?: string;
  className?: string;
}

/**
 * The heart that keeps a drink or a stand on this device (My drinks and stands, /saved). Rendered un-saved on
 * the server and on hydration; the saved state is read after mount and changes only the heart's fill and
 * aria-pressed, so nothing moves. The store module loads then, so it adds nothing to a page's first load.
 */
export default function SaveButton({ kind, item, name, label, className }: SaveButtonProps) {
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
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

  const common = {
    'aria-pressed': saved,
    title: saved ? 'Saved on this device: click to remove' : 'Save on this device',
    className,
    'data-saved': saved || undefined,
    onClick: () =>
      void store().then((s) => {
        const now = s.toggleSaved(kind, item);
        setSaved(now);
        if (now) noteSaved(kind, name, navigate);
      }),
  };
  if (label) {
    return (
      <Button
        variant="default"
        leftSection={<HeartIcon size={16} filled={saved} red />}
        aria-label={`Save ${name}`}
        {...common}
      >
        {label}
      </Button>
    );
  }
  // the heart on a card: a plain button (a state's page has 150 of them), drawn as Mantine's subtle ActionIcon
  return (
    <button
      type="button"
      aria-label={`Save ${name}`}
      {...common}
      className={`save-heart mantine-focus-auto mantine-active ${className ?? ''}`}
    >
      <HeartIcon size={18} filled={saved} />
    </button>
  );
}
