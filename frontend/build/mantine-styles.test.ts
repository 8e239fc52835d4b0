import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineImportsOf, mantineStyleMap } from './mantine-styles';

const core = join(__dirname, '../../node_modules/@mantine/core');
const styles = mantineStyleMap(core);
const names = (list: string[]) => list.map((s) => s.replace('@mantine/core/styles/', '').replace('.layer.css', ''));

describe('the Mantine styles of a module', () => {
  it('reads the values a module imports from @mantine/core, types left out', () => {
    const code = `import { Button, type MantineSize, Text as T } from '@mantine/core';
import type { BoxProps } from '@mantine/core';
import {
  Modal,
  useCombobox,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';`;
    expect(mantineImportsOf(code)).toEqual(['Button', 'Text', 'Modal', 'useCombobox']);
  });

  it("gives a component's styles after those of the components it is built on", () => {
    expect(names(styles.stylesOf(['Button']))).toEqual(['UnstyledButton', 'Loader', 'Button']);
    expect(names(styles.stylesOf(['Anchor']))).toEqual(['Text', 'Anchor']);
    const modal = names(styles.stylesOf(['Modal']));
    expect(modal.at(-1)).toBe('Modal');
    for (const base of ['ModalBase', 'CloseButton', 'Overlay', 'Paper'])
      expect(modal.indexOf(base)).toBeLessThan(modal.indexOf('Modal'));
    expect(modal.indexOf('CloseButton')).toBeLessThan(modal.indexOf('ModalBase'));
  });

  it('includes the styles a component draws through another (the select chevron, the table scroll area)', () => {
    expect(names(styles.stylesOf(['NativeSelect']))).toEqual(expect.arrayContaining(['Input', 'Combobox']));
    expect(names(styles.stylesOf(['Table']))).toEqual(expect.arrayContaining(['ScrollArea', 'Table']));
  });

  it('gives each file once for several names, and none for what has no styles', () => {
    const list = styles.stylesOf(['Button', 'ActionIcon', 'Text', 'Anchor']);
    expect(new Set(list).size).toBe(list.length);
    expect(styles.stylesOf(['MantineProvider', 'useMantineTheme', 'Box'])).toEqual([]);
  });
});
