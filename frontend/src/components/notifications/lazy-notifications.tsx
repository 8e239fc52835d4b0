import { notificationsStore, useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const NotificationsContainer = lazy(() => import('./notifications-container'));

/**
 * Mantine's toast container, mounted when the first toast is shown: the container (transitions, drag to
 * dismiss, scroll-lock styles) is a tenth of the first load's JavaScript and most visits show no toast.
 * `notifications.show()` works as before: the store is loaded at once, the container picks up its queue.
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications(props.store);
  const [wanted, setWanted] = useState(false);
  const pending = notifications.length + queue.length > 0;

  // the container sets the limit when it mounts; until then the store keeps to it too
  const { limit, store } = props;
  useEffect(() => {
    if (limit) (store ?? notificationsStore).updateState((state) => ({ ...state, limit }));
  }, [limit, store]);

  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer {...props} />
    </Suspense>
  );
}
