import { isRecord } from '@/lib/parse';

export interface Stat {
  value: string;
  label: string;
}
export interface TimelineEntry {
  year: string;
  title: string;
  text: string;
}
export interface Value {
  title: string;
  text: string;
}

/** The about page's structured sections are JSON arrays stored as text (docs/data/content.md); a bad one is skipped. */
function parseArray<T>(json: string | undefined, keys: readonly (keyof T & string)[]): T[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is T => isRecord(item) && keys.every((k) => typeof item[k] === 'string'));
  } catch {
    return [];
  }
}

export const parseStats = (json: string | undefined) => parseArray<Stat>(json, ['value', 'label']);
export const parseTimeline = (json: string | undefined) => parseArray<TimelineEntry>(json, ['year', 'title', 'text']);
export const parseValues = (json: string | undefined) => parseArray<Value>(json, ['title', 'text']);
