import { Paper, Text } from '@mantine/core';
import classes from './seo-preview.module.css';

export const TITLE_LIMIT = 60;
export const DESCRIPTION_LIMIT = 160;

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`;
}

export interface SeoPreviewProps {
  title: string;
  description: string;
  /** The page's path or absolute address. */
  url: string;
  brand: string;
  siteName: string;
}

/** How the page may look as a search result: the title and description cut where engines cut them. */
export function SeoPreview({ title, description, url, brand, siteName }: SeoPreviewProps) {
  const fill = (t: string) => t.replaceAll('{brand}', brand).replaceAll('{siteName}', siteName);
  const shownUrl = url.replace(/^https?:\/\//, '').replace(/^\{(siteUrl|path)\}/, '');
  return (
    <Paper withBorder p="md" radius="md" aria-label="Search result preview" role="figure">
      <Text size="xs" c="dimmed" mb={4}>
        Search result preview
      </Text>
      <Text className={classes.url} size="sm">
        {siteName} › {shownUrl.replace(/^\//, '') || 'home'}
      </Text>
      <Text className={classes.title} data-testid="seo-preview-title">
        {truncate(fill(title) || 'Page title', TITLE_LIMIT)}
      </Text>
      <Text className={classes.description} size="sm" data-testid="seo-preview-description">
        {truncate(fill(description) || 'The page description shows here.', DESCRIPTION_LIMIT)}
      </Text>
    </Paper>
  );
}
