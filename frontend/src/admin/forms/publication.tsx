import type { PublishStatus } from '@coffee-guide/contracts';
import { Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export type { PublishStatus };

/**
 * Drafts in the admin's forms (docs/web.md, "Drafts and previews"): a record is a draft or published; a
 * draft is in no public answer, page, sitemap or search.
 */

/** The status a form starts with: the record's, published when it has none. */
export const statusOf = (record: { status?: PublishStatus } | null | undefined): PublishStatus =>
  record?.status ?? 'published';

/**
 * The status as the write sends it: always once the record has one or the administrator chose a draft;
 * otherwise left out, which the API reads as published (older clients send none).
 */
export function statusPayload(
  status: PublishStatus,
  record: { status?: PublishStatus } | null | undefined,
): { status?: PublishStatus } {
  return status === 'draft' || record?.status ? { status } : {};
}

export function PublicationControl({
  value,
  onChange,
}: {
  value: PublishStatus;
  onChange: (status: PublishStatus) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Publication
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as PublishStatus)}
        data={[
          { value: 'draft', label: 'Draft' },
          { value: 'published', label: 'Published' },
        ]}
      />
    </Stack>
  );
}

/** The "Draft" label of a table row; nothing for a published record. */
export function DraftBadge({ status }: { status?: PublishStatus }) {
  if (status !== 'draft') return null;
  return (
    <Badge color="gray" variant="light" size="sm" data-state="draft">
      Draft
    </Badge>
  );
}
