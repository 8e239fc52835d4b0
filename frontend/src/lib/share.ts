/** SPEC section 3: the share payload. */
export interface SharePayload {
  title: string;
  text: string;
  url: string;
  image?: string;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The native share sheet; false when it is missing or fails (SPEC section 8), 'cancelled' when the user backs out. */
export async function nativeShare(payload: SharePayload): Promise<'shared' | 'cancelled' | false> {
  if (typeof navigator.share !== 'function') return false;
  const data: ShareData = { title: payload.title, text: payload.text, url: payload.url };
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return false;
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    return false;
  }
}

/**
 * Clipboard API first; when it fails, a hidden text area and the copy command (SPEC section 8). The text
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

/** The path made absolute; during a render pass the site's origin (`useSiteOrigin`), never `window`'s. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

export type { ShareTarget, ShareTargetId } from './share-targets';
