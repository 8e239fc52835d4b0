import { Anchor, Box, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './page-header.module.css';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** Badges or links beside the description. */
  children?: ReactNode;
}

/** The top of a content page: breadcrumbs, the page's one h1 and its intro. */
export function PageHeader({ title, description, breadcrumbs, children }: PageHeaderProps) {
  return (
    <Box component="header" className={classes.header}>
      <Stack gap="sm">
        {breadcrumbs && breadcrumbs.length > 0 && (
          <nav aria-label="Breadcrumb">
            <Breadcrumbs separator="›" classNames={{ root: classes.crumbs }}>
              {breadcrumbs.map((crumb) =>
                crumb.href ? (
                  <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm" className={classes.crumbLink}>
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={crumb.label} size="sm" component="span" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </nav>
        )}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {description && (
          <Text size="lg" className={classes.description}>
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Box>
  );
}
