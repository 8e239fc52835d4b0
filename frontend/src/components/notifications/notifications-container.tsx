// The toast container on its own, with its styles: loaded by LazyNotifications when the first toast is shown.
import '@mantine/notifications/styles.layer.css';
export { Notifications as default } from '@mantine/notifications';
