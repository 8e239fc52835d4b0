import { previewLinkSchema, type PreviewResource, type PublishStatus } from '@coffee-guide/contracts';
import { Badge, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { showError } from '@/admin/components/toasts';
import { adminFetch } from '@/admin/session/admin-fetch';

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

/**
 * Opens the saved record's public page in a new tab through a signed preview link (bff/src/preview): a
 * draft included, unsaved changes not.
 */
export function PreviewButton({ resource, id }: { resource: PreviewResource; id: number }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    // opened in the click, so no pop-up blocker stops it; pointed at the link once it is made
    const tab = window.open('about:blank', '_blank');
    try {
      const link = await adminFetch(`/api/admin/${resource}/${id}/preview`, { schema: previewLinkSchema });
      if (tab) tab.location.href = link.url;
      else window.open(link.url, '_blank');
    } catch (error) {
      tab?.close();
      showError(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="light" size="xs" onClick={() => void open()} loading={opening}>
      Preview the saved version
    </Button>
  );
}
