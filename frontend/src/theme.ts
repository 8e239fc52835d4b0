import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Espresso browns. Shade 7 (filled, anchors) has 5.96:1 against white; shade 9 on shade 1 (light variant) 9.8:1. */
const coffee: MantineColorsTuple = [
  '#fbf6f1',
  '#f3e7db',
  '#e7cfb8',
  '#d9b392',
  '#cc9970',
  '#c2875a',
  '#a86d3f',
  '#8c5731',
  '#6f4426',
  '#4f2f1a',
];

/** Warm cream for page sections. */
const cream: MantineColorsTuple = [
  '#fffaf3',
  '#fdf1e1',
  '#f8e2c3',
  '#f2d1a1',
  '#edc283',
  '#e9b870',
  '#e7b365',
  '#cd9c54',
  '#b68a48',
  '#9e7638',
];

export const theme = createTheme({
  primaryColor: 'coffee',
  primaryShade: { light: 7, dark: 5 },
  colors: { coffee, cream },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Badge: { defaultProps: { variant: 'light' } },
    // a named close button on every toast and dialog (axe: button-name)
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Container: { defaultProps: { size: 'lg' } },
  },
});

/**
 * Mantine's light-scheme dimmed (gray 6), error (red 6) and success (teal 8) text fall below 4.5:1
 * on white; these shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
  },
  dark: {},
});
