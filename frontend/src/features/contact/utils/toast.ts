import { notifications } from '@mantine/notifications';
import classes from './toast.module.css';

/** A toast with a named close button and readable text (4.5:1), whatever the container's defaults. */
export function showToast({ title, message, color }: { title: string; message: string; color?: 'red' | 'green' }) {
  notifications.show({
    title,
    message,
    color,
    closeButtonProps: { 'aria-label': 'Close notification' },
    classNames: { description: classes.description },
  });
}
