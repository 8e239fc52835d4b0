export interface NavItem {
  label: string;
  href: string;
}

/** Top navigation, in the order of docs/decisions.md, "Pages and routes". */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Menu', href: '/menu' },
  { label: 'Prices', href: '/prices' },
  { label: 'Nutrition', href: '/nutrition' },
  { label: 'Locations', href: '/locations' },
  { label: 'Blog', href: '/blog' },
  { label: 'FAQ', href: '/faq' },
  { label: 'About', href: '/about' },
];

/**
 * The drink tools and the secret menu: in the header's "More" list on a wide screen and in the phone menu
 * (docs/drink-tools.md).
 */
export const TOOLS_NAV: readonly NavItem[] = [
  { label: 'Drink Finder', href: '/finder' },
  { label: 'Compare Drinks', href: '/compare' },
  { label: 'Secret Menu', href: '/menu/secret-menu' },
];

/** My drinks and stands, kept on this device (docs/offline.md). */
export const SAVED_NAV: NavItem = { label: 'Saved', href: '/saved' };

export interface FooterGroup {
  title: string;
  links: readonly NavItem[];
}

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Explore',
    links: [
      { label: 'Menu', href: '/menu' },
      { label: 'Prices', href: '/prices' },
      { label: 'Nutrition', href: '/calories' },
      { label: 'Locations', href: '/locations' },
      { label: 'Secret Menu', href: '/menu/secret-menu' },
      { label: 'Blog', href: '/blog' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQ', href: '/faq' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
      { label: 'How we estimate', href: '/how-we-estimate' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Disclaimer', href: '/disclaimer' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Terms & Conditions', href: '/terms-conditions' },
      { label: 'DMCA', href: '/dmca' },
    ],
  },
];

/** A link is active when the path equals it or starts with it plus a slash. */
export function isNavItemActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
