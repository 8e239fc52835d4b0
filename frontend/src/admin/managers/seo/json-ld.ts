import { schemaMarkupSchema } from '@coffee-guide/contracts';

/**
 * JSON-LD as search engines read it: the API's rule (a JSON object, or nothing) plus what makes it
 * structured data at all: a schema.org `@context` and a `@type` (or a `@graph` of typed nodes).
 */
export function jsonLdProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const parsed = schemaMarkupSchema.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0].message;
  const value = parsed.data as Record<string, unknown>;
  const context = value['@context'];
  const contexts = Array.isArray(context) ? context : [context];
  if (!contexts.some((c) => typeof c === 'string' && /^https?:\/\/schema\.org\/?$/.test(c))) {
    return 'needs "@context": "https://schema.org"';
  }
  const graph = value['@graph'];
  if (Array.isArray(graph)) {
    const untyped = graph.findIndex(
      (n) => !n || typeof n !== 'object' || typeof (n as Record<string, unknown>)['@type'] !== 'string',
    );
    return untyped === -1 ? undefined : `@graph entry ${untyped + 1} needs an "@type"`;
  }
  if (typeof value['@type'] !== 'string' && !Array.isArray(value['@type']))
    return 'needs an "@type", such as "WebPage"';
  return undefined;
}
