import { Suspense, type ReactNode } from 'react';

/**
 * A part of a long server-rendered page that React hydrates on its own, after the page around it: a
 * Suspense boundary, which hydration leaves for a later, lower-priority pass of its own. A page of a few
 * thousand elements then hydrates, and commits, in several short tasks instead of one long one, and what is
 * above the fold answers first. Nothing inside suspends, so the fallback is never shown; an event on a part
 * not yet hydrated makes React hydrate it first and replays the event.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
