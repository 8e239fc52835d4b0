// Copying a link, and sharing with copying as the fallback: used after a click only, so kept out of
// lib/share (which the drink cards of the home page load).
import { nativeShare, type SharePayload } from './share';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Clipboard API first; when it fails, a hidden text area and the copy command (docs/decisions.md, "Error messages"). The text
 * area goes into `container` (inside an open dialog, so its focus trap keeps it reachable).
 */
export async function copyText(text: string, container: HTMLElement = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  container.appendChild(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}

/** Native share when the device has it, otherwise copy the link. */
export async function shareOrCopy(payload: SharePayload): Promise<ShareOutcome> {
  const native = await nativeShare(payload);
  if (native) return native;
  return (await copyText(payload.url)) ? 'copied' : 'failed';
}
