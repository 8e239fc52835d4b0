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

export type ShareTargetId = 'whatsapp' | 'facebook' | 'x' | 'linkedin' | 'telegram' | 'pinterest' | 'email';

export interface ShareTarget {
  id: ShareTargetId;
  label: string;
  href: string;
}

/**
 * SPEC section 7: the seven share targets: a messaging app, two social networks, a professional
 * network, a messaging service, a pin board and an e-mail compose link.
 */
export function shareTargets({ title, text, url, image }: SharePayload): ShareTarget[] {
  const u = encodeURIComponent(url);
  const message = encodeURIComponent(`${text} ${url}`);
  return [
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${message}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'x', label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}` },
    { id: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { id: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${encodeURIComponent(text)}` },
    {
      id: 'pinterest',
      label: 'Pinterest',
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${encodeURIComponent(title)}${
        image ? `&media=${encodeURIComponent(absoluteUrl(image))}` : ''
      }`,
    },
    { id: 'email', label: 'Email', href: `mailto:?subject=${encodeURIComponent(title)}&body=${message}` },
  ];
}

export function isMobileUserAgent(userAgent = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/**
 * SPEC section 9: the native share first; otherwise the share dialog when a handler is given, else the
 * messaging app on mobile user agents and the social network elsewhere.
 */
export async function shareWithFallback(payload: SharePayload, openDialog?: () => void): Promise<'shared' | 'cancelled' | 'fallback'> {
  const native = await nativeShare(payload);
  if (native) return native;
  if (openDialog) openDialog();
  else openDefaultTarget(payload);
  return 'fallback';
}

/** Without a dialog: the messaging app on mobile user agents, the social network elsewhere. */
export function openDefaultTarget(payload: SharePayload): void {
  const target = shareTargets(payload).find((t) => t.id === (isMobileUserAgent() ? 'whatsapp' : 'facebook'));
  if (target) window.open(target.href, '_blank', 'noopener,noreferrer');
}
