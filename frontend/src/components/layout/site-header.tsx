import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Container.layer.css';
import { Burger, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CupIcon } from '../icons/icons';
import { SearchBox } from '../search-box/search-box';
import { NavLinks } from './nav-links';
import classes from './site-header.module.css';

const MOBILE_NAV_ID = 'mobile-navigation';

// the panel (Drawer, focus trap, scroll lock) stays out of the first load; hovering or focusing the button preloads it
const loadMobileNav = () => import('./mobile-nav-drawer');
const MobileNavDrawer = lazy(loadMobileNav);

export interface SiteHeaderProps {
  siteName: string;
}

export function SiteHeader({ siteName }: SiteHeaderProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const { pathname, search } = useLocation();

  // any navigation (a link, a search) closes the panel
  useEffect(close, [pathname, search, close]);

  const preload = () => void loadMobileNav();
  const toggle = () => {
    setPanelWanted(true);
    if (opened) close();
    else open();
  };

  return (
    <header className={classes.header}>
      <Container className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label={`${siteName}: home`}>
          <CupIcon size={26} />
          <Text component="span" className={classes.brandText}>
            {siteName}
          </Text>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <NavLinks orientation="horizontal" />
        </nav>

        <div className={classes.desktopSearch}>
          <SearchBox label="Search drinks" suggest />
        </div>

        <Burger
          opened={opened}
          onClick={toggle}
          onPointerEnter={preload}
          onFocus={preload}
          onTouchStart={preload}
          className={classes.burger}
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={opened}
          aria-controls={MOBILE_NAV_ID}
        />
      </Container>

      {panelWanted && (
        <Suspense fallback={null}>
          <MobileNavDrawer id={MOBILE_NAV_ID} title={siteName} opened={opened} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
