import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

let renders = 0;

function Field({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  renders += 1;
  useEffect(() => {});
  return (
    <p>
      <label htmlFor={id}>Name</label>
      <input id={id} />
    </p>
  );
}

describe("useId (Mantine's, as the builds use it)", () => {
  it('gives the server and the hydrating browser the same id, and renders once when hydrating', async () => {
    const page = (
      <div>
        <Field />
        <Field />
      </div>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const served = [...container.querySelectorAll('input')].map((i) => i.id);
    expect(served[0]).toMatch(/^mantine-[\w-]+$/);
    expect(served[0]).not.toBe(served[1]);

    renders = 0;
    const root = await act(async () => hydrateRoot(container, page));
    expect(renders).toBe(2);
    expect([...container.querySelectorAll('input')].map((i) => i.id)).toEqual(served);
    expect(container.querySelector('label')?.htmlFor).toBe(served[0]);
    act(() => root.unmount());
    container.remove();
  });

  it('gives a static id as it is', () => {
    expect(renderToString(<Field staticId="stand-search" />)).toContain('id="stand-search"');
  });
});
