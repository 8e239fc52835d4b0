import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/providers';
import { cssVariablesResolver, theme } from '../src/theme';
import { THEME_VARIABLES_ID, themeVariables, themeVariablesCss } from './theme-variables.ts';

/** `--name: value` pairs of a stylesheet's one rule. */
const declarations = (css: string) =>
  Object.fromEntries([...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));

describe('themeVariables (vite plugin)', () => {
  const css = themeVariablesCss(theme, cssVariablesResolver);

  it("writes the theme's colours, primary colour, fonts and the contrast fixes of the resolver on :root", () => {
    expect(css.startsWith(':root')).toBe(true);
    const vars = declarations(css);
    theme.colors?.coffee?.forEach((shade, i) => expect(vars[`--mantine-color-coffee-${i}`]).toBe(shade));
    theme.colors?.cream?.forEach((shade, i) => expect(vars[`--mantine-color-cream-${i}`]).toBe(shade));
    expect(vars['--mantine-primary-color-filled']).toBe('var(--mantine-color-coffee-filled)');
    expect(vars['--mantine-font-family']).toBe(theme.fontFamily);
    expect(vars['--mantine-heading-font-weight']).toBe('800');
    for (const [name, value] of Object.entries(cssVariablesResolver(theme as never).light))
      expect(vars[name]).toBe(value);
  });

  it("leaves out what Mantine's default stylesheet already sets", () => {
    expect(declarations(css)).not.toHaveProperty('--mantine-color-blue-6');
  });

  it('answers only for its own module id', () => {
    const plugin = themeVariables(theme, cssVariablesResolver);
    const resolved = plugin.resolveId(THEME_VARIABLES_ID);
    expect(resolved).not.toBeNull();
    expect(plugin.load(resolved as string)).toBe(css);
    expect(plugin.resolveId('virtual:other.css')).toBeNull();
    expect(plugin.load('/app/src/global.css')).toBeNull();
  });

  it('is the only place the variables are written: the server-rendered page has no provider <style> for them', () => {
    const html = renderToString(
      createElement(AppProviders, {
        env: 'test',
        origin: 'https://example.test',
        children: createElement('p', null, 'page'),
      }),
    );
    expect(html).toContain('<p>page</p>');
    expect(html).not.toMatch(/<style data-mantine-styles="true"/);
    expect(html).not.toContain('--mantine-color-coffee-0');
  });
});
