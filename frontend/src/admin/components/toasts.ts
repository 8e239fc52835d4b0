import { notifications } from '@mantine/notifications';
import { ApiError } from '@/lib/api-client';

/** docs/decisions.md, "Counts, limits and timings": one toast at a time, and the newest wins (an older one is not left queued behind it). */
function show(title: string, message: string, color: string): void {
  notifications.clean();
  notifications.show({ title, message, color });
}

export function showSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

/** docs/decisions.md, "Error messages": a failed admin write shows a destructive toast titled 'Error' with the server's message. */
export function showError(error: unknown, title = 'Error'): void {
  const message =
    error instanceof ApiError
      ? error.serverMessage || error.message
      : error instanceof Error
        ? error.message
        : 'Something went wrong';
  show(title, message, 'red');
}

/** Runs a write and toasts how it went (the server's message when it fails); true when it succeeded. */
export async function writeWithToast(
  write: () => Promise<unknown>,
  success: { title: string; message: string },
): Promise<boolean> {
  try {
    await write();
    showSuccess(success.title, success.message);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}
