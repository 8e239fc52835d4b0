/*
 * Which files of a build the service worker precaches (build/service-worker-plugin.ts): pure, so that the
 * rule that keeps the admin out is tested on its own.
 */

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * The public chunks and their CSS, from the entries, following every import but never into an admin
 * module's chunk: `precache` what every public page may need, `onDemand` what only an on-demand module
 * (a rarely used page, the map) loads, kept by the worker once a page has used it.
 */
export function publicFiles(
  bundle: Record<string, { type: string; fileName: string }>,
  isAdminModule: (id: string) => boolean,
  isOnDemandModule: (id: string) => boolean,
): { precache: string[]; onDemand: string[] } {
  const chunks = new Map(
    Object.values(bundle)
      .filter((o): o is ChunkLike => o.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const isAdmin = (c: ChunkLike) => Boolean(c.facadeModuleId && isAdminModule(c.facadeModuleId) && !c.isEntry);
  const isOnDemand = (c: ChunkLike) => Boolean(c.facadeModuleId && isOnDemandModule(c.facadeModuleId));
  const reach = (roots: string[], skip: (c: ChunkLike) => boolean, files = new Set<string>(), stops: string[] = []) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = chunks.get(fileName);
      if (!chunk || seen.has(fileName) || isAdmin(chunk)) return;
      seen.add(fileName);
      if (skip(chunk)) return void stops.push(fileName);
      files.add(fileName);
      chunk.viteMetadata?.importedCss.forEach((f) => files.add(f));
      chunk.viteMetadata?.importedAssets.forEach((f) => files.add(f));
      [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
    };
    roots.forEach(visit);
    return { files, stops };
  };
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  // every public page's files, stopping at the on-demand modules; then what those load beyond them
  const { files: precache, stops } = reach(entries, isOnDemand);
  const { files: onDemand } = reach(stops, () => false);
  return { precache: [...precache].sort(), onDemand: [...onDemand].filter((f) => !precache.has(f)).sort() };
}
