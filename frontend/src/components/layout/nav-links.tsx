import { Link, useLocation } from 'react-router-dom';
import { isNavItemActive, MAIN_NAV } from '@/config/navigation';
import classes from './site-header.module.css';

export interface NavLinksProps {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

export function NavLinks({ orientation, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  return (
    <ul className={classes.navList} data-orientation={orientation}>
      {MAIN_NAV.map((item) => {
        const active = isNavItemActive(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              to={item.href}
              className={classes.navLink}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
