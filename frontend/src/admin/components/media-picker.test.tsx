import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { adminServer } from '@/admin/testing/admin-handlers';
import { setupAdmin, SLOW } from '@/admin/testing/admin-test-utils';
import { renderWithProviders } from '@/testing/render';
import { MediaUrlInput } from './media-picker';

const picture = (id: number, alt: string) => ({
  id,
  url: `/media/${id}/0123456789abcdef-original.jpg`,
  width: 1200,
  height: 800,
  alt,
  format: 'jpeg',
  createdAt: '2026-11-28T10:00:00.000Z',
  variants: [
    {
      name: 'w480',
      format: 'webp',
      width: 480,
      height: 320,
      bytes: 100,
      url: `/media/${id}/0123456789abcdef-w480.webp`,
    },
    {
      name: 'original',
      format: 'jpeg',
      width: 1200,
      height: 800,
      bytes: 900,
      url: `/media/${id}/0123456789abcdef-original.jpg`,
    },
  ],
  usedBy: [],
});

/** The library's API as the BFF answers it; the uploads it received, with their form fields. */
function libraryApi(answer?: () => Response) {
  const uploads: { contentType: string | null; body: string }[] = [];
  adminServer.use(
    http.get('*/api/admin/media', () =>
      HttpResponse.json({ items: [picture(1, 'A flat white')], total: 1, page: 1, pageSize: 48 }),
    ),
    http.post('*/api/admin/media', async ({ request }) => {
      // the body as sent (jsdom's File is not the one the fetch's multipart parser knows)
      uploads.push({ contentType: request.headers.get('content-type'), body: await request.text() });
      return answer ? answer() : HttpResponse.json(picture(2, 'uploaded'), { status: 201 });
    }),
  );
  return uploads;
}

function Field({ spy }: { spy: (url: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <MediaUrlInput
      label="Image URL"
      value={value}
      onChange={(change) => {
        const next = typeof change === 'string' ? change : change.currentTarget.value;
        spy(next);
        setValue(next);
      }}
    />
  );
}

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'cup.jpg', { type: 'image/jpeg' });

describe('the media picker', SLOW, () => {
  it('lists the library and puts a picked picture’s URL in the field', async () => {
    setupAdmin();
    libraryApi();
    const spy = vi.fn();
    const { user } = renderWithProviders(<Field spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Image URL: choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media library' });
    const list = await within(dialog).findByRole('list', { name: 'Pictures' });
    expect(within(list).getByRole('img', { name: 'A flat white' })).toHaveAttribute(
      'src',
      '/media/1/0123456789abcdef-w480.webp',
    );
    await user.click(within(list).getByRole('button', { name: 'Use A flat white' }));
    expect(spy).toHaveBeenLastCalledWith('/media/1/0123456789abcdef-original.jpg');
    expect(screen.getByRole('textbox', { name: 'Image URL' })).toHaveValue('/media/1/0123456789abcdef-original.jpg');
  });

  it('refuses an upload without alt text or without a file before sending anything', async () => {
    setupAdmin();
    const uploads = libraryApi();
    const { user } = renderWithProviders(<Field spy={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Image URL: choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media library' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload and use' }));
    expect(await within(dialog).findByText(/Alt text is required/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Choose a picture/)).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('uploads the file with its alt text as a multipart form and uses the new picture', async () => {
    setupAdmin();
    const uploads = libraryApi();
    // the form handed to fetch (jsdom's File is not one the test's fetch can serialise: the browser does that)
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const spy = vi.fn();
    const { user } = renderWithProviders(<Field spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Image URL: choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media library' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, jpeg());
    await user.type(within(dialog).getByRole('textbox', { name: /Alt text/ }), '  A cortado on the bar ');
    await user.click(within(dialog).getByRole('button', { name: 'Upload and use' }));
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith('/media/2/0123456789abcdef-original.jpg'));
    expect(uploads).toHaveLength(1);
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    const form = post?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('alt')).toBe('A cortado on the bar');
    expect((form.get('file') as File).name).toBe('cup.jpg');
    expect((form.get('file') as File).size).toBe(7);
    // the browser sets the multipart type with its boundary: never one of ours
    expect(new Headers(post?.[1]?.headers).get('content-type')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Media library' })).not.toBeInTheDocument();
    fetchSpy.mockRestore();
  });

  it('shows the server’s message on the file field when it refuses the picture', async () => {
    setupAdmin();
    libraryApi(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          message: 'Validation failed: file: must be a JPEG, PNG, WebP or AVIF picture',
          errors: { file: 'must be a JPEG, PNG, WebP or AVIF picture' },
        },
        { status: 400 },
      ),
    );
    const spy = vi.fn();
    const { user } = renderWithProviders(<Field spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Image URL: choose from the library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media library' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, jpeg());
    await user.type(within(dialog).getByRole('textbox', { name: /Alt text/ }), 'Logo');
    await user.click(within(dialog).getByRole('button', { name: 'Upload and use' }));
    expect(await within(dialog).findByText('must be a JPEG, PNG, WebP or AVIF picture')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
