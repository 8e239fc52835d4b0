import { Box, Card, Container, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { EmptyState } from '@/components/empty-state/empty-state';
import { SectionContent } from '@/components/markdown/markdown';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { usePageHead } from '@/lib/use-page-head';
import { useStandCounts } from '@/lib/stand-summary';
import { usePageContent } from '@/lib/site';
import { parseStats, parseTimeline, parseValues, type Stat } from '../utils/about-content';
import classes from './pages.module.css';

function StatGrid({ stats, headingId, title }: { stats: Stat[]; headingId: string; title: string }) {
  if (stats.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="md">
        {title}
      </Title>
      <SimpleGrid
        cols={{ base: 2, sm: Math.min(4, stats.length) }}
        spacing="md"
        component="dl"
        className={classes.stats}
      >
        {stats.map((s) => (
          <Card key={s.label} withBorder padding="md" radius="md" className={classes.stat}>
            <Text component="dt" size="sm" fw={600}>
              {s.label}
            </Text>
            <Text component="dd" className={classes.statValue}>
              {s.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function AboutRoute() {
  const counts = useStandCounts();
  const content = usePageContent('about', {
    standCount: counts ? counts.standCount.toLocaleString('en-US') : '…',
    stateCount: counts ? String(counts.stateCount) : '…',
  });

  usePageHead({ type: 'static', page: 'about' });

  const title = content.section('hero.title') ?? 'About Us';
  if (content.status === 'pending') {
    return (
      <Container pb={64}>
        <PageHeader title="About Us" />
        <Stack gap="md" role="status" aria-label="Loading the page" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={16} width={`${95 - i * 6}%`} />
          ))}
        </Stack>
      </Container>
    );
  }
  if (content.status === 'error') {
    return (
      <Container pb={64}>
        <PageHeader title="About Us" />
        <QueryError title="We couldn't load this page." onRetry={content.refetch} retrying={content.isFetching} />
      </Container>
    );
  }
  if (content.sections.length === 0) {
    return (
      <Container pb={64}>
        <PageHeader title="About Us" />
        <EmptyState title="This page is being updated" description="Please check back soon." />
      </Container>
    );
  }

  const stats = parseStats(content.section('stats'));
  const timeline = parseTimeline(content.section('timeline'));
  const values = parseValues(content.section('values'));
  const community = parseStats(content.section('community'));
  const story = content.section('story');
  const note = content.sections.find((s) => s.key === 'fan-site-note');

  return (
    <Container pb={64}>
      <PageHeader
        title={title}
        description={content.section('hero.subtitle')}
        breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'About' }]}
      />
      <Stack gap={48}>
        <StatGrid stats={stats} headingId="about-stats" title="At a Glance" />
        {story && (
          <Box component="section" aria-labelledby="about-story" maw={780}>
            <Title order={2} size="h3" id="about-story" mb="md">
              Our Story
            </Title>
            <SectionContent content={story} contentType="text" size="lg" />
          </Box>
        )}
        {timeline.length > 0 && (
          <Box component="section" aria-labelledby="about-timeline">
            <Title order={2} size="h3" id="about-timeline" mb="md">
              Timeline
            </Title>
            <Timeline active={timeline.length - 1} bulletSize={22} lineWidth={3} color="coffee">
              {timeline.map((t) => (
                <Timeline.Item key={`${t.year}-${t.title}`} title={`${t.year}: ${t.title}`}>
                  <Text size="sm">{t.text}</Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Box>
        )}
        {values.length > 0 && (
          <Box component="section" aria-labelledby="about-values">
            <Title order={2} size="h3" id="about-values" mb="md">
              Our Values
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
              {values.map((v) => (
                <Card key={v.title} withBorder padding="md" radius="md">
                  <Title order={3} size="h4" mb={6}>
                    {v.title}
                  </Title>
                  <Text size="sm">{v.text}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </Box>
        )}
        <StatGrid stats={community} headingId="about-community" title="Community Impact" />
        {note && (
          <Card withBorder padding="lg" radius="md" className={classes.note}>
            <SectionContent content={note.content} contentType={note.contentType} size="sm" />
          </Card>
        )}
      </Stack>
    </Container>
  );
}
