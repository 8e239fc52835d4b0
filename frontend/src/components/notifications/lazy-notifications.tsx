import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const NotificationsContainer = lazy(() => import('./notifications-container'));

/**
 * Mantine's toast container, mounted when the first toast is shown: the container (transitions, drag to
 * dismiss, scroll-lock styles) is a tenth of the first load's JavaScript and most visits show no toast.
 * `notifications.show()` works as before: the store (`@mantine/notifications`) is loaded after the first
 * render, outside the first load (every toast follows something the visitor did, and the module is one
 * instance, so a toast shown before this subscribes is found in the store); the container picks up its queue.
 */
export function LazyNotifications(props: NotificationsProps) {
  const [wanted, setWanted] = useState(false);

  // the container sets the limit when it mounts; until then the store keeps to it too
  const { limit, store } = props;
  useEffect(() => {
    if (wanted) return;
    let live = true;
    let unsubscribe: (() => void) | undefined;
    void import('@mantine/notifications').then(({ notificationsStore }) => {
      if (!live) return;
      const watched = store ?? notificationsStore;
      if (limit) watched.updateState((state) => ({ ...state, limit }));
      const check = () => {
        const { notifications, queue } = watched.getState();
        if (notifications.length + queue.length > 0) setWanted(true);
      };
      unsubscribe = watched.subscribe(check);
      check();
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [limit, store, wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer {...props} />
    </Suspense>
  );
}
