import { Anchor, Badge, Card, Group, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SearchIcon } from '@/components/icons/icons';
import { categoryLabel, categoryPath, SIDEBAR_CATEGORIES, tagPath, type SidebarCategory } from '../utils/blog';
import classes from './blog.module.css';
import { NewsletterBox } from './newsletter-box';

export interface BlogSidebarProps {
  active: SidebarCategory;
  counts: Record<SidebarCategory, number> | undefined;
  search: string;
  onSearch: (text: string) => void;
  tags: { tag: string; count: number }[];
  activeTag: string | null;
}

export function BlogSidebar({ active, counts, search, onSearch, tags, activeTag }: BlogSidebarProps) {
  return (
    <>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="blog-search-title">
        <Title order={2} size="h5" id="blog-search-title" mb={6}>
          Search Articles
        </Title>
        {/* searches as the visitor types; without JavaScript, a GET form to /blog?q= */}
        <form
          role="search"
          aria-label="Search articles"
          action="/blog"
          method="get"
          onSubmit={(e) => e.preventDefault()}
        >
          <TextInput
            type="search"
            name="q"
            aria-label="Search articles"
            placeholder="Search articles..."
            value={search}
            onChange={(e) => onSearch(e.currentTarget.value)}
            leftSection={<SearchIcon size={16} />}
          />
        </form>
      </Card>

      <Card withBorder radius="md" padding="md" component="nav" aria-labelledby="blog-categories-title">
        <Title order={2} size="h5" id="blog-categories-title" mb={6}>
          Categories
        </Title>
        <ul className={classes.sideNav}>
          {SIDEBAR_CATEGORIES.map((c) => (
            <li key={c}>
              <Anchor
                component={Link}
                to={categoryPath(c)}
                className={classes.sideLink}
                aria-current={c === active ? 'page' : undefined}
              >
                <span>{categoryLabel(c)}</span>
                <Badge variant="default" className={classes.count} data-testid={`count-${c}`}>
                  {counts ? counts[c] : '–'}
                  <VisuallyHidden> articles</VisuallyHidden>
                </Badge>
              </Anchor>
            </li>
          ))}
        </ul>
      </Card>

      <NewsletterBox />

      {tags.length > 0 && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="popular-tags-title">
          <Title order={2} size="h5" id="popular-tags-title" mb={6}>
            Popular Tags
          </Title>
          <Group gap={6} component="ul" className={classes.tagList}>
            {tags.map(({ tag }) => (
              <li key={tag}>
                <Anchor
                  component={Link}
                  to={tagPath(tag)}
                  size="xs"
                  className={classes.tag}
                  aria-current={tag === activeTag ? 'true' : undefined}
                >
                  #{tag}
                </Anchor>
              </li>
            ))}
          </Group>
        </Card>
      )}
    </>
  );
}
