// The toast container on its own, with its styles: loaded by LazyNotifications when the first toast is shown.
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
export { Notifications as default } from '@mantine/notifications';
