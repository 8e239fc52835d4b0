import type { BlogPost } from '@coffee-guide/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CARD_TAGS_SHOWN, categoryLabel, formatPostDate, readingMinutes, tagPath } from '../utils/blog';
import classes from './blog.module.css';

/** Hyphen replaced by a space; secret-menu has a style of its own (docs/decisions.md, "Pages and routes"). */
export function CategoryBadge({ category }: { category: string }) {
  const secret = category === 'secret-menu';
  return (
    <Badge
      variant={secret ? 'filled' : 'light'}
      color={secret ? 'grape.9' : 'coffee'}
      className={classes.categoryBadge}
      data-category={category}
    >
      {categoryLabel(category)}
    </Badge>
  );
}

export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <Text size="sm" c="dimmed">
      <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> · {readingMinutes(post.content)} min
      read
    </Text>
  );
}

/** Tags link to the list filtered by that tag; cards show up to 3. */
export function TagLinks({ tags, max = CARD_TAGS_SHOWN }: { tags: readonly string[]; max?: number }) {
  const shown = tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} component="ul" className={classes.tagList} aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Anchor component={Link} to={tagPath(tag)} size="xs" className={classes.tag}>
            #{tag}
          </Anchor>
        </li>
      ))}
    </Group>
  );
}
