import { Alert, Anchor, Box, Container, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { EmptyState } from '@/components/empty-state/empty-state';
import { SectionContent } from '@/components/markdown/markdown';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { usePageHead } from '@/lib/use-page-head';
import { usePageContent, useSiteSettings } from '@/lib/site';
import classes from './pages.module.css';

export type LegalPage = 'terms-conditions' | 'privacy-policy' | 'disclaimer' | 'dmca';

const PAGES: Record<LegalPage, { title: string }> = {
  'terms-conditions': {
    title: 'Terms and Conditions',
  },
  'privacy-policy': {
    title: 'Privacy Policy',
  },
  disclaimer: {
    title: 'Disclaimer',
  },
  dmca: {
    title: 'DMCA Notice',
  },
};

/** docs/decisions.md, "Pages and routes": static texts (editable page content), last updated date, contact e-mail. */
export function LegalRoute({ page }: { page: LegalPage }) {
  const { settings } = useSiteSettings();
  const { title } = PAGES[page];
  const content = usePageContent(page);
  usePageHead({ type: 'static', page });

  const lastUpdated = content.section('lastUpdated');
  const notice = content.sections.find((s) => s.key === 'notice');
  const body = content.sections.filter((s) => s.key !== 'lastUpdated' && s.key !== 'notice');
  const email = settings.contactEmail;

  let main;
  if (content.status === 'pending')
    main = (
      // as tall as a screen: the text that replaces it moves nothing a visitor already sees
      <Stack gap="md" role="status" aria-label="Loading the page" aria-busy="true" mih="100vh">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={14} width={`${96 - (i % 4) * 8}%`} />
        ))}
      </Stack>
    );
  else if (content.status === 'error')
    main = <QueryError title="We couldn't load this page." onRetry={content.refetch} retrying={content.isFetching} />;
  else if (body.length === 0 && !notice)
    main = (
      <EmptyState title="This page is being updated" description={`Please check back soon, or write to ${email}.`} />
    );
  else
    main = (
      <Stack gap="md">
        {notice && (
          <Alert color="coffee" variant="light" radius="md" className={classes.notice} data-testid="legal-notice">
            <SectionContent content={notice.content} contentType={notice.contentType} />
          </Alert>
        )}
        {body.map((s) => (
          <Box component={/^\d/.test(s.key) ? 'section' : 'div'} key={s.key} className={classes.legalSection}>
            <SectionContent content={s.content} contentType={s.contentType} />
          </Box>
        ))}
      </Stack>
    );

  return (
    <Container pb={64} size="md">
      <PageHeader title={title} breadcrumbs={[{ label: 'Home', href: '/' }, { label: title }]}>
        {/* the line keeps its height while the page content loads */}
        <Text c="dimmed" mih="1.55em">
          {lastUpdated ? `Last updated: ${lastUpdated}` : '\u00a0'}
        </Text>
      </PageHeader>
      {main}
      <Paper withBorder p="lg" radius="md" mt="xl" className={classes.contact}>
        <Text fw={700}>Questions about this page?</Text>
        <Text size="sm">
          Write to us at{' '}
          <Anchor href={`mailto:${email}`} underline="always">
            {email}
          </Anchor>
          .
        </Text>
      </Paper>
    </Container>
  );
}

function legalRoute(page: LegalPage): ComponentType {
  const Route = () => <LegalRoute page={page} />;
  Route.displayName = `LegalRoute(${page})`;
  return Route;
}

/** One route component per legal page, for the router's lazy routes. */
export const LEGAL_ROUTES: Record<LegalPage, ComponentType> = {
  'terms-conditions': legalRoute('terms-conditions'),
  'privacy-policy': legalRoute('privacy-policy'),
  disclaimer: legalRoute('disclaimer'),
  dmca: legalRoute('dmca'),
};
