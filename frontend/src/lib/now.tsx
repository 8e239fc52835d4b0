import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The one instant time-dependent text (open now, closes at, today's hours) is computed from. The server puts
 * the instant it rendered at into the page and the client starts from the same one, so hydration renders the
 * same text; after mount the instant follows the clock (an effect never runs on the server).
 */
const NowContext = createContext<number | null>(null);

/** How often the instant moves on after mount: open-now texts are to the minute. */
export const NOW_TICK_MS = 30_000;

export interface NowProviderProps {
  /** The render's instant (ms since the epoch); the time of the first render when not given (client-only). */
  instant?: number;
  /** Move on with the clock after mount; false keeps the instant fixed (tests). */
  live?: boolean;
  children: ReactNode;
}

export function NowProvider({ instant, live = true, children }: NowProviderProps) {
  const [now, setNow] = useState(() => instant ?? Date.now());
  useEffect(() => {
    if (!live) return;
    // transitions: the texts that follow the clock re-render in slices, never as one long task
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = setInterval(tick, NOW_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The page's current instant; outside a NowProvider (a component test) the time of the call. */
export function useNow(): Date {
  const now = useContext(NowContext);
  return new Date(now ?? Date.now());
}
