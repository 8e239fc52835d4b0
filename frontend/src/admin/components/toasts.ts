import { notifications } from '@mantine/notifications';
import { ApiError } from '../../lib/api-client';

/** SPEC section 9: one toast at a time, and the newest wins (an older one is not left queued behind it). */
function show(title: string, message: string, color: string): void {
  notifications.clean();
  notifications.show({ title, message, color });
}

export function showSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

/** SPEC section 8: a failed admin write shows a destructive toast titled 'Error' with the server's message. */
export function showError(error: unknown, title = 'Error'): void {
  const message =
    error instanceof ApiError ? error.serverMessage || error.message : error instanceof Error ? error.message : 'Something went wrong';
  show(title, message, 'red');
}
