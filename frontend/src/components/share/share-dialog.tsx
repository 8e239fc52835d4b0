import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '@/lib/copy-text';
import type { SharePayload } from '@/lib/share';
import { shareTargets, type ShareTargetId } from '@/lib/share-targets';

/** docs/decisions.md, "Counts, limits and timings": the 'Copied!' confirmation lasts 2 seconds. */
export const COPIED_MS = 2000;

export interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  payload: SharePayload;
  /** Called when the visitor picks a target or copies the link. */
  onShared?: (via: ShareTargetId | 'copy') => void;
}

/**
 * The share dialog of the spec, for devices without a native share sheet: the link with a copy button
 * and seven share targets. Mantine's Modal traps focus and gives it back to the share button on close.
 */
export default function ShareDialog({ opened, onClose, payload, onShared }: ShareDialogProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const bodyRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!opened) setCopy('idle');
  }, [opened]);

  // The dialog often mounts already open (its code loads on the first share). Mantine notes the element to
  // give focus back to when `opened` changes, so it opens one render after mounting.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);

  const copyLink = async () => {
    const ok = await copyText(payload.url, bodyRef.current ?? undefined);
    clearTimeout(timer.current);
    setCopy(ok ? 'copied' : 'failed');
    if (ok) {
      onShared?.('copy');
      timer.current = setTimeout(() => setCopy('idle'), COPIED_MS);
    }
  };

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={`Share ${payload.title}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close share dialog' }}
    >
      <Stack gap="md" ref={bodyRef}>
        <Text size="sm">{payload.text}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Link"
            value={payload.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button onClick={() => void copyLink()} variant={copy === 'copied' ? 'light' : 'filled'} miw={104}>
            {copy === 'copied' ? 'Copied!' : 'Copy link'}
          </Button>
        </Group>
        <Text size="sm" role="status" c={copy === 'failed' ? 'var(--mantine-color-error)' : undefined} mih={20}>
          {copy === 'copied'
            ? 'Link copied to clipboard.'
            : copy === 'failed'
              ? 'Could not copy: select the link and copy it yourself.'
              : ''}
        </Text>
        <nav aria-label="Share to">
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {shareTargets(payload).map((target) => {
              const external = target.id !== 'email';
              return (
                <Button
                  key={target.id}
                  component="a"
                  href={target.href}
                  target={external ? '_blank' : undefined}
                  rel={external ? 'noopener noreferrer' : undefined}
                  variant="default"
                  onClick={() => onShared?.(target.id)}
                  data-target={target.id}
                >
                  {target.label}
                  {external && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
                </Button>
              );
            })}
          </SimpleGrid>
        </nav>
      </Stack>
    </Modal>
  );
}
