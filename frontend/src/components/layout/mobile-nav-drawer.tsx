import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Drawer, Stack } from '@mantine/core';
import { SearchBox } from '../search-box/search-box';
import { NavLinks } from './nav-links';

export interface MobileNavDrawerProps {
  id: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}

/** The small-screen navigation panel; its own chunk, loaded when the menu button is first reached. */
export default function MobileNavDrawer({ id, title, opened, onClose }: MobileNavDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      id={id}
      title={title}
      position="left"
      size="min(85vw, 320px)"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack gap="md">
        <SearchBox label="Search drinks (menu panel)" onSubmitted={onClose} suggest />
        <nav aria-label="Mobile">
          <NavLinks orientation="vertical" onNavigate={onClose} />
        </nav>
      </Stack>
    </Drawer>
  );
}
