import type { BlogPost } from '@coffee-guide/contracts';
import { mediaSrcSet } from '@coffee-guide/domain';
import { Anchor, Box, Button, Card, Container, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { Markdown } from '@/components/markdown/markdown';
import { ShareIcon } from '@/components/icons/icons';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { shareOrCopy } from '@/lib/copy-text';
import { POST_HERO_SIZES, postPicture } from '@/lib/head/keys';
import { absoluteUrl } from '@/lib/share';
import { usePageHead } from '@/lib/use-page-head';
import { useBlogPost } from '../api/get-blog-post';
import { blogPostsQueryOptions } from '../api/get-blog-posts';
import classes from '../components/blog.module.css';
import { NewsletterBox } from '../components/newsletter-box';
import { CategoryBadge, PostMeta, TagLinks } from '../components/post-parts';
import { PostSkeleton } from '../components/post-skeleton';
import { DEFAULT_POST_IMAGE, formatPostDate, postPath, relatedPosts } from '../utils/blog';

const QUICK_LINKS = [
  { href: '/menu', title: 'Full Menu', text: 'Browse all drinks' },
  { href: '/menu/secret-menu', title: 'Secret Menu', text: 'Hidden favorites' },
  { href: '/calories', title: 'Nutrition Facts', text: 'Calories & ingredients' },
];

function BackToBlog() {
  return (
    <Button component={Link} to="/blog" variant="subtle" px={4} leftSection={<span aria-hidden="true">←</span>}>
      Back to Blog
    </Button>
  );
}

function RelatedArticles({ post }: { post: BlogPost }) {
  const sameCategory = useQuery(blogPostsQueryOptions(post.category));
  const related = relatedPosts(post, sameCategory.data ?? []);
  if (related.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="related-title">
      <Title order={2} size="h5" id="related-title" mb="sm">
        Related Articles
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {related.map((r) => (
          <li key={r.id}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Image
                src={r.imageUrl || DEFAULT_POST_IMAGE}
                alt=""
                w={72}
                h={48}
                radius="sm"
                fit="cover"
                loading="lazy"
              />
              <div>
                <Anchor component={Link} to={postPath(r.slug)} size="sm" fw={700}>
                  {r.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatPostDate(r.publishedAt)}
                </Text>
              </div>
            </Group>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

function Sidebar({ post }: { post: BlogPost }) {
  return (
    <Stack gap="lg" component="aside" aria-label="Article sidebar">
      <RelatedArticles post={post} />
      <NewsletterBox title="Never Miss an Update" button="Subscribe to Newsletter" withEmail={false} />
      <Card withBorder radius="md" padding="md" component="nav" aria-labelledby="quick-links-title">
        <Title order={2} size="h5" id="quick-links-title" mb={6}>
          Quick Links
        </Title>
        <Stack gap={2}>
          {QUICK_LINKS.map((l) => (
            <Anchor key={l.href} component={Link} to={l.href} className={classes.quickLink}>
              <Text fw={700} size="sm" component="span" display="block">
                {l.title}
              </Text>
              <Text size="xs" c="dimmed" component="span" display="block">
                {l.text}
              </Text>
            </Anchor>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

function Article({ post }: { post: BlogPost }) {
  const share = async () => {
    const outcome = await shareOrCopy({ title: post.title, text: post.excerpt, url: absoluteUrl(postPath(post.slug)) });
    if (outcome === 'copied')
      notifications.show({ title: 'Link copied to clipboard!', message: 'Paste it anywhere to share this article.' });
    else if (outcome === 'failed')
      notifications.show({
        color: 'red',
        title: 'Could not share',
        message: 'Copy the address from the address bar instead.',
      });
  };
  return (
    <Box component="article" aria-labelledby="post-title">
      <Stack gap="md">
        <div className={classes.hero}>
          {/* the page's largest picture, preloaded from the head (lib/head): loaded at once, first */}
          <Image
            src={postPicture(post)}
            // a media library picture: its WebP widths, the sizes the head's preload gives (docs/api.md, "Media")
            {...mediaSrcSet(postPicture(post), POST_HERO_SIZES)}
            fallbackSrc={DEFAULT_POST_IMAGE}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            className={classes.image}
          />
        </div>
        <CategoryBadge category={post.category} />
        <Title order={1} id="post-title">
          {post.title}
        </Title>
        <Text size="lg" fw={500}>
          {post.excerpt}
        </Text>
        <Group justify="space-between" align="center">
          <PostMeta post={post} />
          <Button variant="outline" size="xs" leftSection={<ShareIcon size={14} />} onClick={() => void share()}>
            Share
          </Button>
        </Group>
        <div className={classes.content} data-testid="post-content">
          {/* Markdown (docs/security.md, "Markdown bodies"); plain text reads as before, paragraphs at blank lines */}
          <Markdown content={post.content} baseHeadingLevel={2} />
        </div>
        {post.tags.length > 0 && (
          <Box>
            <Text fw={700} size="sm" mb={6}>
              Tags
            </Text>
            <TagLinks tags={post.tags} max={post.tags.length} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}

export function BlogPostRoute() {
  const { slug = '' } = useParams();
  const query = useBlogPost(slug);
  const post = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  usePageHead(
    query.isError && !notFound ? { type: 'unavailable' } : { type: 'post', slug: slug.toLowerCase() },
    { post },
    { ready: !query.isPending },
  );

  if (query.isPending) {
    return (
      <Container py="xl">
        <PostSkeleton />
      </Container>
    );
  }
  if (notFound) {
    return (
      <Container py={64}>
        <EmptyState
          order={1}
          title="Article Not Found"
          description="The article you're looking for doesn't exist or has been moved."
        >
          <Button component={Link} to="/blog" mt="xs">
            Back to Blog
          </Button>
        </EmptyState>
      </Container>
    );
  }
  if (query.isError || !post) {
    return (
      <Container py="xl">
        <BackToBlog />
        <QueryError
          title="We couldn't load this article."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }
  return (
    <Container py="lg" pb={64}>
      <BackToBlog />
      <Grid gap="xl" mt="sm">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Article post={post} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Sidebar post={post} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
