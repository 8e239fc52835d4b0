import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FlameIcon, MapPinIcon, TagIcon } from '@/components/icons/icons';
import { SearchBox } from '@/components/search-box/search-box';
import { MenuCategoryShowcase } from '@/features/menu';
import { useStandCounts } from '@/lib/stand-summary';
import { usePageContent, useSiteSettings } from '@/lib/site';
import { usePageHead } from '@/lib/use-page-head';
import classes from './home.module.css';

interface InfoCard {
  /** The page content section that can replace the built-in text. */
  section: string;
  title: string;
  text: string;
  href: string;
  cta: string;
  icon: ReactNode;
}

const INFO_CARDS: readonly InfoCard[] = [
  {
    section: 'info.prices',
    title: 'Prices',
    text: 'Estimated prices for every drink in small (16 oz), medium (24 oz) and large (32 oz).',
    href: '/prices',
    cta: 'See prices',
    icon: <TagIcon />,
  },
  {
    section: 'info.nutrition',
    title: 'Nutrition',
    text: 'Calories, sugar, caffeine and more per size, with allergens and dietary options.',
    href: '/nutrition',
    cta: 'See nutrition facts',
    icon: <FlameIcon />,
  },
  {
    section: 'info.locations',
    title: 'Locations',
    text: 'Find a drive-thru near you, with weekly hours and directions.',
    href: '/locations',
    cta: 'Find locations',
    icon: <MapPinIcon />,
  },
];

/** An editable section's text, unless it still names a value this page does not have (`{standCount}`). */
function usableSection(value: string | undefined): string | undefined {
  return value && !/\{[A-Za-z][A-Za-z0-9]*\}/.test(value) ? value : undefined;
}

export function HomeRoute() {
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  // docs/decisions.md, "Counts from the data": counts shown to visitors come from the data
  const counts = useStandCounts();
  const content = usePageContent(
    'home',
    counts ? { standCount: String(counts.standCount), stateCount: String(counts.stateCount) } : {},
  );
  const text = (key: string, fallback: string) => usableSection(content.section(key)) ?? fallback;
  usePageHead({ type: 'home' });

  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="home-title">
        <Container py={{ base: 40, sm: 64 }}>
          <Stack gap="lg" maw={720}>
            <Title order={1} id="home-title" className={classes.heroTitle}>
              The Unofficial {brand} Menu Guide
            </Title>
            <Text size="lg" className={classes.heroSubtitle}>
              {text(
                'hero.subtitle',
                'Every drink on the menu with estimated prices, calories and caffeine, plus the drive-thru nearest you.',
              )}
            </Text>
            <SearchBox label="Search the menu" placeholder="Search drinks, e.g. Golden Eagle" size="md" />
            <Group gap="sm">
              <Button component={Link} to="/menu" size="md" variant="white">
                Browse Full Menu
              </Button>
              <Button component={Link} to="/locations" size="md" variant="outline" className={classes.secondaryCta}>
                Find Locations
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container component="section" py={48} aria-labelledby="categories-title">
        <Title order={2} id="categories-title" ta="center" mb="xl">
          {text('categories.heading', 'Explore Our Menu Categories')}
        </Title>
        <MenuCategoryShowcase brandName={brand} />
      </Container>

      <Box component="section" className={classes.info} aria-labelledby="info-title">
        <Container py={48}>
          <Title order={2} id="info-title" ta="center" mb="xl">
            {text('info.heading', 'Prices & Nutrition Info')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {INFO_CARDS.map((card) => (
              <Card key={card.href} withBorder padding="lg" className={classes.infoCard}>
                <Stack gap="sm" h="100%">
                  <ThemeIcon
                    size={44}
                    // Mantine 9's ThemeIcon writes a radius prop onto its div as an attribute: the radius as its variable
                    style={{ '--ti-radius': 'var(--mantine-radius-md)' }}
                    variant="light"
                    aria-hidden="true"
                  >
                    {card.icon}
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {card.title}
                  </Title>
                  <Text size="sm">{text(card.section, card.text)}</Text>
                  <Button component={Link} to={card.href} variant="light" mt="auto">
                    {card.cta}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
