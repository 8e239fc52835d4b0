export interface SharePayload {
  title: string;
  text: string;
  url: string;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The native share sheet; false when it is missing or fails (SPEC section 8), 'cancelled' when the user backs out. */
async function nativeShare(payload: SharePayload): Promise<'shared' | 'cancelled' | false> {
  if (typeof navigator.share !== 'function') return false;
  try {
    await navigator.share(payload);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    return false;
  }
}

/** Clipboard API first; when it fails, a hidden text area and the copy command (SPEC section 8). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Native share when the device has it, otherwise copy the link. The full share dialog comes later. */
export async function shareOrCopy(payload: SharePayload): Promise<ShareOutcome> {
  const native = await nativeShare(payload);
  if (native) return native;
  return (await copyText(payload.url)) ? 'copied' : 'failed';
}

export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
