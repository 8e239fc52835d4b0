import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import ShareDialog, { COPIED_MS } from './share-dialog';

const payload = {
  title: 'Golden Eagle',
  text: 'Golden Eagle: estimated price and calories',
  url: 'http://localhost:3000/menu/faves/golden-eagle',
  image: '/images/drinks/faves.png',
};

function renderDialog(onShared = vi.fn()) {
  const view = renderWithProviders(<ShareDialog opened onClose={() => {}} payload={payload} onShared={onShared} />);
  return { ...view, onShared, dialog: screen.getByRole('dialog', { name: 'Share Golden Eagle' }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the share dialog', () => {
  it('offers the seven targets of the spec, each with the encoded link', async () => {
    const { dialog } = renderDialog();

    const targets = within(within(dialog).getByRole('navigation', { name: 'Share to' })).getAllByRole('link');
    expect(targets.map((t) => t.getAttribute('data-target'))).toEqual([
      'whatsapp',
      'facebook',
      'x',
      'linkedin',
      'telegram',
      'pinterest',
      'email',
    ]);
    const encoded = encodeURIComponent(payload.url);
    for (const target of targets) expect(target.getAttribute('href')).toContain(encoded);
    expect(targets[0]).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${payload.text} ${payload.url}`)}`,
    );
    expect(targets[5].getAttribute('href')).toContain(
      `media=${encodeURIComponent(`${window.location.origin}/images/drinks/faves.png`)}`,
    );
    expect(targets[6].getAttribute('href')).toMatch(/^mailto:\?subject=Golden%20Eagle&body=/);
    expect(targets[6]).not.toHaveAttribute('target');
    expect(targets[1]).toHaveAttribute('target', '_blank');
    expect(targets[1].getAttribute('rel')).toContain('noopener');
  });

  it('reports the target the visitor picks', async () => {
    const { user, dialog, onShared } = renderDialog();
    const linkedin = within(dialog).getByRole('link', { name: /LinkedIn/ });
    linkedin.addEventListener('click', (e) => e.preventDefault());

    await user.click(linkedin);

    expect(onShared).toHaveBeenCalledWith('linkedin');
  });

  it("copies the link, shows 'Copied!' for 2 seconds, then reverts", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { user, dialog, onShared } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));

    expect(writeText).toHaveBeenCalledWith(payload.url);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(onShared).toHaveBeenCalledWith('copy');
    act(() => vi.advanceTimersByTime(COPIED_MS - 100));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('falls back to a hidden text area and the copy command when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      const area = document.activeElement as HTMLTextAreaElement;
      copied = area.value.slice(area.selectionStart, area.selectionEnd);
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const { user, dialog } = renderDialog();
    const copy = within(dialog).getByRole('button', { name: 'Copy link' });
    // the confirmation's 2 seconds never run out here, however slow the machine (the test above times them)
    const setTimer = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) =>
      ms === COPIED_MS ? undefined : setTimer(fn, ms)) as typeof setTimeout);

    await user.click(copy);

    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe(payload.url);
    // the confirmation renders once the copy's promise settles: waited for, not read at once
    expect(await within(dialog).findByRole('button', { name: 'Copied!' }, { timeout: 5000 })).toHaveFocus();
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says so when neither way can copy, without claiming success', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const { user, dialog, onShared } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));

    expect(within(dialog).getByRole('status')).toHaveTextContent('Could not copy');
    expect(within(dialog).queryByRole('button', { name: 'Copied!' })).not.toBeInTheDocument();
    expect(onShared).not.toHaveBeenCalled();
  });
});
