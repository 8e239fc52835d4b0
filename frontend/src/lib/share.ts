/** docs/decisions.md, "Data shapes": the share payload. */
export interface SharePayload {
  title: string;
  text: string;
  url: string;
  image?: string;
}

/** The native share sheet; false when it is missing or fails (docs/decisions.md, "Error messages"), 'cancelled' when the user backs out. */
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

/** The path made absolute; during a render pass the site's origin (`useSiteOrigin`), never `window`'s. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

export type { ShareTarget, ShareTargetId } from './share-targets';
