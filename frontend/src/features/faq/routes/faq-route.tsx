import { Badge, Box, Container, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { SearchIcon } from '@/components/icons/icons';
import { Markdown, SectionContent } from '@/components/markdown/markdown';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { faqEntries } from '@/lib/head/faq';
import { usePageHead } from '@/lib/use-page-head';
import { useStandCounts } from '@/lib/stand-summary';
import { usePageContent } from '@/lib/site';
import { filterFaq, parseFaqGroup, type FaqGroup } from '../utils/parse-faq';
import classes from './faq.module.css';

function FaqSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the questions" aria-busy="true">
      {Array.from({ length: 4 }, (_, g) => (
        <Stack key={g} gap="xs">
          <Skeleton height={24} width={220} />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function FaqGroups({
  groups,
  open,
  onOpen,
}: {
  groups: FaqGroup[];
  open: string | null;
  onOpen: (id: string | null) => void;
}) {
  return (
    <Stack gap="xl">
      {groups.map((group) => (
        <Box key={group.id} component="section" aria-labelledby={`faq-${group.id}`}>
          <Group gap="sm" mb="sm" align="center">
            <Title order={2} size="h3" id={`faq-${group.id}`}>
              {group.title}
            </Title>
            <Badge variant="filled" color="coffee" data-testid={`count-${group.id}`}>
              {group.items.length} {group.items.length === 1 ? 'question' : 'questions'}
            </Badge>
          </Group>
          {/*
            Native disclosures: every answer is in the HTML and opens without JavaScript; the shared \`name\`
            keeps one open at a time across every group (docs/decisions.md, "Pages and routes"), and with JavaScript the page holds it.
          */}
          <Stack gap="xs">
            {group.items.map((item) => (
              <details
                key={item.id}
                name="faq"
                className={classes.item}
                open={open === item.id}
                onToggle={(event) => {
                  const opened = event.currentTarget.open;
                  if (opened && open !== item.id) onOpen(item.id);
                  else if (!opened && open === item.id) onOpen(null);
                }}
              >
                <summary className={classes.control} data-testid="faq-question">
                  <Title order={3} size="h5" className={classes.question}>
                    {item.question}
                  </Title>
                </summary>
                <Box className={classes.answer}>
                  <Markdown content={item.answer} size="sm" />
                </Box>
              </details>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export function FaqRoute() {
  const counts = useStandCounts();
  const content = usePageContent('faq', {
    standCount: counts ? counts.standCount.toLocaleString('en-US') : '…',
    stateCount: counts ? String(counts.stateCount) : '…',
  });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  const groups = useMemo(
    () =>
      content.sections
        .filter((s) => s.key.startsWith('group'))
        .map((s) => parseFaqGroup(s.content, s.key.replace(/^group-\d+-/, '').replace(/-/g, ' ')))
        .filter((g) => g.items.length > 0),
    [content.sections],
  );
  const shown = useMemo(() => filterFaq(groups, search), [groups, search]);
  const intro = content.sections.find((s) => s.key === 'intro');

  // the questions of the FAQPage JSON-LD, read from the sections as the server render reads them
  // (lib/head/faq), once the counts in them are known
  usePageHead(
    { type: 'static', page: 'faq' },
    {
      faq: counts
        ? faqEntries(
            content.sections.map((s) => ({ sectionKey: s.key, content: s.content, contentType: s.contentType })),
          )
        : [],
    },
  );

  let body;
  if (content.status === 'pending') body = <FaqSkeleton />;
  else if (content.status === 'error')
    body = (
      <QueryError title="We couldn't load the questions." onRetry={content.refetch} retrying={content.isFetching} />
    );
  else if (groups.length === 0)
    body = (
      <EmptyState
        title="No questions yet"
        description="The FAQ is being updated. Please check back soon, or send us your question."
      />
    );
  else if (shown.length === 0)
    body = (
      <EmptyState
        title="No results found"
        description={`No question or answer mentions "${search.trim()}". Try another word.`}
      />
    );
  else body = <FaqGroups groups={shown} open={open} onOpen={setOpen} />;

  return (
    <Container pb={64}>
      <PageHeader title="Frequently Asked Questions" breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'FAQ' }]}>
        {intro && (
          <Box className={classes.intro}>
            <SectionContent content={intro.content} contentType={intro.contentType} size="lg" />
          </Box>
        )}
      </PageHeader>
      <Stack gap="lg">
        <form role="search" aria-label="Search the FAQ" onSubmit={(e) => e.preventDefault()}>
          <TextInput
            type="search"
            label="Search questions and answers"
            placeholder="e.g. caffeine, hours, dairy-free"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<SearchIcon size={16} />}
            size="md"
            maw={560}
          />
        </form>
        {body}
        <Paper withBorder p="lg" radius="md" className={classes.more}>
          <Text fw={700}>Still have a question?</Text>
          <Text size="sm">
            <Link to="/contact">Send us a message</Link> and we will answer within 24 hours on working days.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
