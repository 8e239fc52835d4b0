import type { Location, StandSummary } from '@coffee-guide/contracts';

/**
 * The counts of GET /api/locations/summary: stands, states, and the stands of each state (by name), from
 * the stand list `/api/locations` answers (`loadStands`, the same the server-rendered head counts with).
 */
export function summarizeStands(stands: readonly Pick<Location, 'state' | 'stateName'>[]): StandSummary {
  const byState = new Map<string, { code: string; name: string; count: number }>();
  for (const stand of stands) {
    const known = byState.get(stand.state);
    if (known) known.count++;
    else byState.set(stand.state, { code: stand.state, name: stand.stateName, count: 1 });
  }
  const states = [...byState.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  return { standCount: stands.length, stateCount: states.length, states };
}
