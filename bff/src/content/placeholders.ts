/**
 * Replaces site-wide placeholders (`{brand}`, `{siteName}`, `{siteUrl}`) in a JSON text, each value
 * escaped for JSON so no value can break the document's structure. Other placeholders (`{path}`,
 * `{name}`, `{category}`, ...) belong to the page that uses the record and are left as they are.
 */
export function withPlaceholders(json: Buffer, values: Record<string, string>): Buffer {
  let text = json.toString('utf8');
  let changed = false;
  for (const [name, value] of Object.entries(values)) {
    const token = `{${name}}`;
    if (!text.includes(token)) continue;
    text = text.replaceAll(token, JSON.stringify(value).slice(1, -1));
    changed = true;
  }
  return changed ? Buffer.from(text, 'utf8') : json;
}

/** Milliseconds until the time in a service's `x-valid-until` header, or undefined when none or invalid. */
export function freshForFromHeader(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
