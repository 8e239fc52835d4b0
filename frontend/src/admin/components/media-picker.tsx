import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type Media, mediaListSchema, mediaSchema } from '@coffee-guide/contracts';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { adminFetch } from '../session/admin-fetch';

/** What the upload takes (docs/api.md, "Media"): the server decides by decoding the file. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const MAX_BYTES = 10 * 1024 * 1024;

/** The smallest variant's URL for a thumbnail. */
const thumbnailOf = (media: Media) =>
  [...media.variants].sort((a, b) => a.width - b.width).find((v) => v.format === 'webp')?.url ?? media.url;

export interface MediaPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen picture (its original's URL goes into the field). */
  onPick: (media: Media) => void;
}

/** The media library in a modal: pick a picture, or upload one (alt text required) and pick it. */
export function MediaPicker({ opened, onClose, onPick }: MediaPickerProps) {
  const [items, setItems] = useState<Media[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setItems((await adminFetch('/api/admin/media?page=1&pageSize=48', { schema: mediaListSchema })).items);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : 'The library could not be loaded');
    }
  }, []);

  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);

  const upload = async () => {
    const found: Record<string, string> = {};
    if (!file) found.file = 'Choose a picture (JPEG, PNG, WebP or AVIF)';
    else if (file.size > MAX_BYTES) found.file = 'The picture is larger than 10 MB';
    if (!alt.trim()) found.alt = 'Alt text is required: describe the picture for those who cannot see it';
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    const form = new FormData();
    form.append('alt', alt.trim());
    form.append('file', file, file.name);
    setUploading(true);
    try {
      const media = await adminFetch('/api/admin/media', { method: 'POST', form, schema: mediaSchema });
      setFile(null);
      setAlt('');
      onPick(media);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else if (error instanceof ApiError && error.serverMessage) setErrors({ form: error.serverMessage });
      else setErrors({ form: error instanceof Error ? error.message : 'The upload failed' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Media library" size="xl">
      <Stack>
        <Card withBorder component="section" aria-label="Upload a picture">
          <Stack gap="xs">
            <Group grow align="flex-start">
              <FileInput
                label="Picture"
                placeholder="JPEG, PNG, WebP or AVIF, up to 10 MB"
                accept={ACCEPT}
                value={file}
                onChange={setFile}
                error={errors.file}
                clearable
              />
              <TextInput
                label="Alt text"
                withAsterisk
                value={alt}
                onChange={(e) => setAlt(e.currentTarget.value)}
                error={errors.alt}
                maxLength={500}
              />
            </Group>
            {errors.form && <Alert color="red">{errors.form}</Alert>}
            <Group justify="flex-end">
              <Button onClick={() => void upload()} loading={uploading}>
                Upload and use
              </Button>
            </Group>
          </Stack>
        </Card>
        {loadError && <Alert color="red">{loadError}</Alert>}
        {!items && !loadError && <Loader aria-label="Loading the library" />}
        {items && items.length === 0 && <Text c="dimmed">No pictures yet: upload the first one.</Text>}
        {items && items.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} role="list" aria-label="Pictures">
            {items.map((media) => (
              <Card key={media.id} withBorder padding="xs" role="listitem">
                <Image src={thumbnailOf(media)} alt={media.alt} h={100} fit="cover" />
                <Text size="xs" lineClamp={2} mt={4}>
                  {media.alt}
                </Text>
                <Text size="xs" c="dimmed">
                  {media.width}×{media.height}
                </Text>
                <Button size="xs" mt={4} variant="light" onClick={() => onPick(media)} aria-label={`Use ${media.alt}`}>
                  Use
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Modal>
  );
}

/** A picture URL field with the library beside it: typed by hand, or picked (and uploaded) in the library. */
export function MediaUrlInput({
  label,
  onChange,
  ...input
}: Omit<TextInputProps, 'onChange'> & {
  label: string;
  /** A change event from typing, or the picked picture's URL (a form's onChange takes either). */
  onChange?: (change: string | ChangeEvent<HTMLInputElement>) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <TextInput
        {...input}
        label={label}
        onChange={(e) => onChange?.(e)}
        rightSectionWidth={80}
        rightSection={
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setOpened(true)}
            aria-label={`${label}: choose from the library`}
          >
            Library
          </Button>
        }
      />
      <MediaPicker
        opened={opened}
        onClose={() => setOpened(false)}
        onPick={(media) => {
          onChange?.(media.url);
          setOpened(false);
        }}
      />
    </>
  );
}
