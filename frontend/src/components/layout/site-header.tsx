import { Container, Text } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isNavItemActive, SAVED_NAV, TOOLS_NAV } from '@/config/navigation';
import { CupIcon } from '../icons/icons';
import { SearchBox } from '../search-box/search-box';
import { NavLinks } from './nav-links';
import classes from './site-header.module.css';

const MOBILE_NAV_ID = 'mobile-navigation';

export interface SiteHeaderProps {
  siteName: string;
}

/**
 * A `<details>` menu: opened and closed by the browser, so it works before and without JavaScript
 * (docs/web.md, "Reading without JavaScript"). Once the page is live it also closes on a navigation, on Escape
 * (focus back on its button) and on a click outside it.
 */
function useDetailsMenu(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, search, ref]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    details.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      details.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [ref]);
}

/** How many drinks and stands this device keeps, read after mount (the server renders none: docs/offline.md). */
function useSavedCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let stop = () => {};
    let live = true;
    void import('@/lib/saved/saved-store').then((s) => {
      if (!live) return;
      const sync = () => {
        const { drinks, stands } = s.readSaved();
        setCount(drinks.length + stands.length);
      };
      sync();
      stop = s.subscribeSaved(sync);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return count;
}

function HeartIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path strokeLinejoin="round" d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9z" />
    </svg>
  );
}

function ToolLinks({ pathname, className }: { pathname: string; className?: string }) {
  return (
    <ul className={className ?? classes.navList} data-orientation="vertical">
      {TOOLS_NAV.map((item) => {
        const active = isNavItemActive(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              to={item.href}
              className={classes.navLink}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteHeader({ siteName }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const mobileRef = useRef<HTMLDetailsElement>(null);
  const moreRef = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(mobileRef);
  useDetailsMenu(moreRef);
  const saved = useSavedCount();
  const savedActive = isNavItemActive(pathname, SAVED_NAV.href);
  const toolActive = TOOLS_NAV.some((t) => isNavItemActive(pathname, t.href));

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
          <details ref={moreRef} className={classes.more}>
            <summary className={classes.navLink} data-active={toolActive || undefined}>
              More
            </summary>
            <div className={classes.morePanel}>
              <ToolLinks pathname={pathname} />
            </div>
          </details>
        </nav>

        <div className={classes.desktopSearch}>
          <SearchBox label="Search drinks" suggest />
        </div>

        <Link
          to={SAVED_NAV.href}
          className={classes.saved}
          data-active={savedActive || undefined}
          aria-current={savedActive ? 'page' : undefined}
          aria-label={saved > 0 ? `${SAVED_NAV.label} (${saved})` : SAVED_NAV.label}
          data-saved-count={saved}
        >
          <HeartIcon />
          <span className={classes.savedText}>{SAVED_NAV.label}</span>
          {/* the badge keeps its room while empty: the count arriving after hydration moves nothing */}
          <span className={classes.savedCount} aria-hidden="true">
            {saved > 0 ? saved : ''}
          </span>
        </Link>

        <details ref={mobileRef} className={classes.mobileMenu}>
          <summary className={classes.burger} aria-controls={MOBILE_NAV_ID}>
            <span className={classes.burgerBars} aria-hidden="true" />
            <span className={classes.visuallyHidden}>Navigation</span>
          </summary>
          <div id={MOBILE_NAV_ID} className={classes.mobilePanel}>
            <SearchBox label="Search drinks (menu panel)" suggest />
            <nav aria-label="Mobile">
              <NavLinks orientation="vertical" />
              <p className={classes.groupTitle}>Drink tools</p>
              <ToolLinks pathname={pathname} />
              <ul className={classes.navList} data-orientation="vertical">
                <li>
                  <Link
                    to={SAVED_NAV.href}
                    className={classes.navLink}
                    data-active={savedActive || undefined}
                    aria-current={savedActive ? 'page' : undefined}
                  >
                    {saved > 0 ? `${SAVED_NAV.label} (${saved})` : SAVED_NAV.label}
                  </Link>
                </li>
              </ul>
            </nav>
          </div>
        </details>
      </Container>
    </header>
  );
}
