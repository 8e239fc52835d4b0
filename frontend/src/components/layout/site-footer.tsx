import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FOOTER_GROUPS } from '@/config/navigation';
import { ExternalLinkIcon, FacebookIcon, InstagramIcon, TikTokIcon, XSocialIcon } from '../icons/icons';
import classes from './site-footer.module.css';

export interface SiteFooterProps {
  siteName: string;
  brandName: string;
  officialSiteUrl: string;
  /** The newest as-of date of the data, "September 2025" (docs/data/figures.md), never a written date. */
  lastUpdated: string;
}

export function SiteFooter({ siteName, brandName, officialSiteUrl, lastUpdated }: SiteFooterProps) {
  return (
    <footer className={classes.footer}>
      <Container py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} size="lg" c="coffee.9">
              {siteName}
            </Text>
            <Text size="sm">
              The unofficial fan guide to the {brandName} menu, estimated prices, nutrition facts and drive-thru
              locations.
            </Text>
            {/* placeholders with no target (docs/decisions.md, "Pages and routes"): decorative, not links */}
            <Group gap="sm" aria-hidden="true" className={classes.social} data-testid="social-placeholders">
              <InstagramIcon />
              <FacebookIcon />
              <TikTokIcon />
              <XSocialIcon />
            </Group>
          </Stack>

          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={`Footer: ${group.title}`}>
              <Title order={2} size="h6" mb="xs" className={classes.groupTitle}>
                {group.title}
              </Title>
              <ul className={classes.linkList}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Anchor component={Link} to={link.href} size="sm" className={classes.link}>
                      {link.label}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </SimpleGrid>

        {/* a rule drawn in CSS, as Mantine's Divider draws it, without its code in every page's first load */}
        <div className={classes.divider} />

        <Stack gap={6}>
          <Text size="sm">
            <strong>Not affiliated:</strong> {siteName} is an unofficial, fan-made website. It is not affiliated with,
            endorsed by or sponsored by {brandName}.
          </Text>
          <Text size="sm">
            All trademarks, logos and brand names are the property of {brandName} and their respective owners.
          </Text>
          <Text size="sm">Prices are estimates and may vary by location.</Text>
          <Text size="sm">Content is updated regularly. Last updated {lastUpdated}.</Text>
          <Anchor
            href={officialSiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            className={classes.external}
          >
            Visit the official {brandName} website
            <ExternalLinkIcon size={14} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
        </Stack>
      </Container>
    </footer>
  );
}
