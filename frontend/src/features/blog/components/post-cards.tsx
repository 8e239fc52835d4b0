import type { BlogPost } from '@coffee-guide/contracts';
import { mediaSrcSet } from '@coffee-guide/domain';
import { Anchor, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DEFAULT_POST_IMAGE, postPath } from '../utils/blog';
import classes from './blog.module.css';
import { CategoryBadge, PostMeta, TagLinks } from './post-parts';

export function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  const headingId = `post-${post.id}-title`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={headingId}
      className={featured ? classes.featured : classes.card}
      data-featured={featured || undefined}
      data-testid={featured ? 'featured-post' : 'post-card'}
    >
      <Card.Section className={classes.media}>
        <Image
          src={post.imageUrl || DEFAULT_POST_IMAGE}
          // a media library picture: its WebP widths (docs/api.md, "Media"); another URL as it is
          {...mediaSrcSet(post.imageUrl, featured ? '(min-width: 62em) 66vw, 100vw' : '(min-width: 48em) 33vw, 100vw')}
          fallbackSrc={DEFAULT_POST_IMAGE}
          alt=""
          width={1200}
          height={630}
          loading={featured ? 'eager' : 'lazy'}
          decoding="async"
          className={classes.image}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" className={classes.body}>
        <CategoryBadge category={post.category} />
        {featured && (
          <Text size="xs" fw={800} tt="uppercase" c="coffee.8">
            Featured article
          </Text>
        )}
        <Title order={featured ? 2 : 3} size={featured ? 'h2' : 'h4'} id={headingId} className={classes.title}>
          <Anchor component={Link} to={postPath(post.slug)} inherit className={classes.titleLink}>
            {post.title}
          </Anchor>
        </Title>
        <PostMeta post={post} />
        <Text size="sm" lineClamp={featured ? 4 : 3}>
          {post.excerpt}
        </Text>
        <TagLinks tags={post.tags} />
      </Stack>
    </Card>
  );
}
