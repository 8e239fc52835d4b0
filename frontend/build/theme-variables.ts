import { MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The stylesheet `src/main.tsx` imports for the theme's CSS variables. */
export const THEME_VARIABLES_ID = 'virtual:theme-variables.css';
const RESOLVED_ID = `\0${THEME_VARIABLES_ID}`;

/**
 * The `:root` CSS variables of the theme, as Mantine's provider writes them (its `<style data-mantine-styles>`),
 * rendered once by Mantine itself, so they are the same text whatever Mantine version computes them.
 */
export function themeVariablesCss(theme: MantineThemeOverride, cssVariablesResolver: CSSVariablesResolver): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, {
      theme,
      cssVariablesResolver,
      forceColorScheme: 'light',
      withGlobalClasses: false,
    }),
  );
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (css === undefined)
    throw new Error('MantineProvider wrote no CSS variables: has its <style data-mantine-styles> changed?');
  return css;
}

/**
 * The theme's CSS variables as a build-time stylesheet (`virtual:theme-variables.css`), and the provider
 * renders none (`withCssVariables={false}`): Mantine's provider works the variables out of the theme at
 * every render, every shade of every colour, in the task that hydrates each page (docs/web.md).
 */
export function themeVariables(theme: MantineThemeOverride, cssVariablesResolver: CSSVariablesResolver) {
  return {
    name: 'coffee-guide:theme-variables',
    resolveId(source: string): string | null {
      return source === THEME_VARIABLES_ID ? RESOLVED_ID : null;
    },
    load(id: string): string | null {
      return id === RESOLVED_ID ? themeVariablesCss(theme, cssVariablesResolver) : null;
    },
  };
}
