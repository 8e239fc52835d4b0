// The toast container on its own: loaded by LazyNotifications when the first toast is shown.
export { Notifications as default } from '@mantine/notifications';
