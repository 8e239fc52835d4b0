import { absoluteUrl, nativeShare, type SharePayload } from './share';

// The share dialog's targets and the spec's fallbacks: a module of their own, loaded with the dialog.

export type ShareTargetId = 'whatsapp' | 'facebook' | 'x' | 'linkedin' | 'telegram' | 'pinterest' | 'email';

export interface ShareTarget {
  id: ShareTargetId;
  label: string;
  href: string;
}

/**
 * docs/decisions.md, "Calls and request conventions": the seven share targets: a messaging app, two social networks, a professional
 * network, a messaging service, a pin board and an e-mail compose link.
 */
export function shareTargets({ title, text, url, image }: SharePayload): ShareTarget[] {
  const u = encodeURIComponent(url);
  const message = encodeURIComponent(`${text} ${url}`);
  return [
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${message}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      id: 'x',
      label: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`,
    },
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
 * docs/decisions.md, "Counts, limits and timings": the native share first; otherwise the share dialog when a handler is given, else the
 * messaging app on mobile user agents and the social network elsewhere.
 */
export async function shareWithFallback(
  payload: SharePayload,
  openDialog?: () => void,
): Promise<'shared' | 'cancelled' | 'fallback'> {
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
