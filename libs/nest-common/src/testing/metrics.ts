/**
 * The value of the first sample of `name` in Prometheus exposition text whose labels include `labels`,
 * or undefined when there is none.
 */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}
