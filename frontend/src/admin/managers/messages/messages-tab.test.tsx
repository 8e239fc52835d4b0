import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, findRow, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';

describe('Messages tab', SLOW, () => {
  it('shows the unread count on the tab and the inbox', async () => {
    setupAdmin();
    await renderDashboard('messages');
    expect(await screen.findByRole('tab', { name: /Messages/ })).toHaveTextContent('1');
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    expect(within(await findRow('Messages', 'Jamie')).getByText('Unread')).toBeInTheDocument();
    expect(within(await findRow('Messages', 'Sam')).getByText('Handled')).toBeInTheDocument();
  });

  it("links a report's page only when it is a path of this site; an older off-site value is text", async () => {
    const api = setupAdmin();
    api.db.messages[0] = { ...api.db.messages[0], page: '/menu/faves/golden-eagle' };
    api.db.messages[1] = { ...api.db.messages[1], page: '//evil.example/phish' };
    api.db.messages.push({
      ...api.db.messages[1],
      id: '0b5c7f0e-1111-4000-8000-000000000003',
      name: 'Lee',
      page: '/\\evil.example',
    });
    await renderDashboard('messages');
    expect(
      within(await findRow('Messages', 'Jamie')).getByRole('link', { name: '/menu/faves/golden-eagle' }),
    ).toHaveAttribute('href', '/menu/faves/golden-eagle');
    const sam = await findRow('Messages', 'Sam');
    expect(within(sam).getByText('//evil.example/phish')).toBeInTheDocument();
    expect(within(sam).queryByRole('link', { name: '//evil.example/phish' })).not.toBeInTheDocument();
    const lee = await findRow('Messages', 'Lee');
    expect(within(lee).getByText('/\\evil.example')).toBeInTheDocument();
    expect(within(lee).queryByRole('link', { name: '/\\evil.example' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href*="evil.example"]')).toBeNull();
  });

  it('marks a message handled', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('messages');
    await user.click(await screen.findByRole('button', { name: 'Mark handled: Menu & Nutrition from Jamie' }));
    expect(await toast('Marked handled')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/admin/messages/0b5c7f0e-1111-4000-8000-000000000001')[0].body).toEqual({
      handled: true,
    });
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
  });

  it('deletes a message after confirming, naming it', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('messages');
    await user.click(await screen.findByRole('button', { name: 'Delete Feedback & Suggestions from Sam' }));
    const confirm = await findDialog('Delete message?');
    expect(confirm).toHaveTextContent('“Feedback & Suggestions from Sam”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('Message deleted')).toBeInTheDocument();
    await waitFor(() => expect(api.db.messages).toHaveLength(1));
  });

  it('retries a failed notification job', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('messages');
    const row = await findRow('Failed jobs', 'connect ECONNREFUSED 127.0.0.1:25');
    await user.click(within(row).getByRole('button', { name: 'Retry job contact-3' }));
    expect(await toast('Job retried')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/jobs/failed/contact-3/retry')).toHaveLength(1);
    expect(await screen.findByText('No failed notification jobs.')).toBeInTheDocument();
  });
});
