import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chunksBeforeHydration, lazyBeforeHydration, RenderedChunksContext } from './lazy-before-hydration';

function Extras({ label }: { label: string }) {
  return <span>extras {label}</span>;
}

describe('lazyBeforeHydration', () => {
  it('starts loading at once in the browser, and once the chunks are in, renders without suspending', async () => {
    let loads = 0;
    const Lazy = lazyBeforeHydration('extras', async () => {
      loads += 1;
      return Extras;
    });
    expect(loads).toBe(1);
    await chunksBeforeHydration();
    // a string render cannot wait: it shows the fallback when the component suspends
    const html = renderToString(
      <Suspense fallback={<span>fallback</span>}>
        <Lazy label="a" />
      </Suspense>,
    );
    expect(html).toContain('<span>extras <!-- -->a</span>');
    expect(html).not.toContain('fallback');
    expect(loads).toBe(1);
  });

  it('names its chunk to the server render’s collector', async () => {
    const Lazy = lazyBeforeHydration('drink-value', async () => Extras);
    await chunksBeforeHydration();
    const rendered = new Set<string>();
    render(
      <RenderedChunksContext.Provider value={rendered}>
        <Lazy label="b" />
      </RenderedChunksContext.Provider>,
    );
    expect(screen.getByText('extras b')).toBeTruthy();
    expect([...rendered]).toEqual(['drink-value']);
  });

  it('suspends like lazy while its chunk still loads', async () => {
    let resolve: (c: typeof Extras) => void = () => {};
    const Lazy = lazyBeforeHydration('slow', () => new Promise<typeof Extras>((r) => (resolve = r)));
    render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy label="c" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    resolve(Extras);
    expect(await screen.findByText('extras c')).toBeTruthy();
  });
});
