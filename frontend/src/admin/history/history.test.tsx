import type { Administrator, AuditEntry, DeletedRecord, Revision } from '@coffee-guide/contracts';
import { ADMIN_MESSAGES } from '@coffee-guide/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, pick, renderDashboard, setupAdmin, SLOW, toast } from '@/admin/testing/admin-test-utils';
import { ADMIN } from '@/admin/testing/fixtures';

const revision = (
  id: string,
  action: string,
  at: string,
  changes: Revision['changes'],
  snapshot: unknown,
): Revision => ({
  id,
  resource: 'prices',
  recordId: '102',
  action,
  adminId: ADMIN.id,
  at,
  deleted: action === 'delete',
  restoredFrom: null,
  snapshot,
  changes,
});

const HISTORY = [
  revision('9', 'update', '2025-07-02T10:00:00.000Z', [{ field: 'price', before: '4.10', after: '4.35' }], {
    id: 102,
    price: '4.35',
  }),
  revision('4', 'create', '2025-07-01T10:00:00.000Z', [{ field: 'price', after: '4.10' }], { id: 102, price: '4.10' }),
];

describe('History, deleted records and roles in the managers', SLOW, () => {
  it("shows a record's history below its form, field by field, and restores an older version", async () => {
    const api = setupAdmin();
    api.on('GET', '/api/admin/prices/102/revisions', () => ({ status: 200, body: HISTORY }));
    api.on('POST', '/api/admin/prices/102/revisions/4/restore', () => ({
      status: 200,
      body: { recordId: '102', restoredFrom: '4', record: { id: 102, price: '4.10' } },
    }));
    const { user } = await renderDashboard('prices');
    await user.click(await screen.findByRole('button', { name: 'Edit Americano (medium)' }));
    const dialog = await findDialog('Edit price: Americano (medium)');
    const history = await within(dialog).findByRole('region', { name: 'History' });
    const changes = within(history).getByRole('table', { name: 'Changes of revision 9' });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('price4.104.35');
    expect(within(history).getAllByText(`by ${ADMIN.email}`)).toHaveLength(2);
    // the newest version is the current one: only older ones can be restored
    const restore = within(history).getAllByRole('button', { name: /Restore the version of/ });
    expect(restore).toHaveLength(1);
    await user.click(restore[0]);
    expect(await toast('Version restored')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/prices/102/revisions/4/restore')).toHaveLength(1);
    // the form closes: its values are no longer the record's
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit price: Americano (medium)' })).toBeNull());
  });

  it('lists the deleted records and brings one back', async () => {
    const api = setupAdmin();
    const deleted: DeletedRecord[] = [
      {
        recordId: '77',
        revisionId: '31',
        adminId: ADMIN.id,
        at: '2025-07-03T09:00:00.000Z',
        snapshot: { id: 77, menuItemName: 'Kicker', size: 'large', price: '6.10' },
      },
    ];
    api.on('GET', '/api/admin/prices/deleted', () => ({ status: 200, body: deleted }));
    api.on('POST', '/api/admin/prices/77/revisions/31/restore', () => {
      deleted.pop();
      return { status: 200, body: { recordId: '77', restoredFrom: '31', record: { id: 77 } } };
    });
    const { user } = await renderDashboard('prices');
    await screen.findByRole('table', { name: 'Prices' });
    await user.click(screen.getByRole('button', { name: 'Deleted' }));
    const dialog = await findDialog('Deleted prices');
    const table = await within(dialog).findByRole('table', { name: 'Deleted prices' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`Kicker (large)`);
    await user.click(within(table).getByRole('button', { name: 'Restore Kicker (large)' }));
    expect(await toast('Restored')).toBeInTheDocument();
    expect(await within(dialog).findByText('Nothing deleted.')).toBeInTheDocument();
  });

  it('a viewer sees the rows, their history and the deleted ones, and no button that writes', async () => {
    const api = setupAdmin({ signedIn: false });
    api.signIn('viewer');
    api.on('GET', '/api/admin/prices/102/revisions', () => ({ status: 200, body: HISTORY }));
    const { user } = await renderDashboard('prices');
    await screen.findByRole('table', { name: 'Prices' });
    expect(screen.getByTestId('admin-role')).toHaveTextContent('Viewer');
    expect(screen.queryByRole('button', { name: 'Add Price' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Administrators' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'History of Americano (medium)' }));
    const dialog = await findDialog('Americano (medium)');
    await within(dialog).findByRole('table', { name: 'Changes of revision 9' });
    expect(within(dialog).queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});

describe('Audit tab', SLOW, () => {
  it('shows who, before and after, and sends the filters as query parameters', async () => {
    const api = setupAdmin();
    const entry: AuditEntry = {
      id: 'catalog:5',
      service: 'catalog',
      adminId: ADMIN.id,
      at: '2025-07-02T10:00:00.000Z',
      entity: 'price',
      entityId: '102',
      action: 'update',
      before: { price: '4.10', size: 'medium' },
      after: { price: '4.35', size: 'medium' },
    };
    api.on('GET', '/api/admin/audit', (req) => ({
      status: 200,
      body: req.query.get('resource') === 'location' ? [] : [entry],
    }));
    const { user } = await renderDashboard('audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent(ADMIN.email);
    expect(row).toHaveTextContent('update price');
    await user.click(within(row).getByRole('button', { name: '1 field' }));
    const diff = screen.getByRole('table', { name: 'Before and after of update price' });
    expect(within(diff).getAllByRole('row')[1]).toHaveTextContent('price4.104.35');

    await pick(user, screen.getByRole('tabpanel'), 'Resource', 'Locations');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    await user.type(from, '2025-07-01');
    await waitFor(() => {
      const last = api.calls('GET', '/api/admin/audit').at(-1)!;
      expect(last.query.get('resource')).toBe('location');
      expect(last.query.get('from')).toBe('2025-07-01');
    });
  });
});

describe('Administrators tab', SLOW, () => {
  const admins: Administrator[] = [
    { ...ADMIN, disabled: false, createdAt: '2025-07-01T12:00:00.000Z', lastSignInAt: null },
    {
      id: '6f1c1d1e-0000-4000-8000-000000000002',
      email: 'eddie@coffee-guide.test',
      name: 'Eddie',
      role: 'editor',
      disabled: false,
      createdAt: '2025-07-01T12:00:00.000Z',
      lastSignInAt: null,
    },
  ];

  it('owners list, add and change administrators; the last owner refusal is shown', async () => {
    const api = setupAdmin();
    api.on('GET', '/api/admin/admins', () => ({ status: 200, body: admins }));
    api.on('POST', '/api/admin/admins', (req) => {
      const body = req.body as { email: string; role: 'viewer'; password: string };
      if (body.password.length < 12)
        return {
          status: 400,
          body: {
            statusCode: 400,
            message: 'Validation failed',
            errors: { password: 'must be at least 12 characters' },
          },
        };
      return {
        status: 201,
        body: { ...admins[1], id: '6f1c1d1e-0000-4000-8000-000000000003', email: body.email, role: body.role },
      };
    });
    api.on('PUT', `/api/admin/admins/${ADMIN.id}`, () => ({
      status: 409,
      body: { statusCode: 409, message: ADMIN_MESSAGES.lastOwner },
    }));
    const { user } = await renderDashboard('admins');
    const table = await screen.findByRole('table', { name: 'Administrators' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Add administrator' }));
    const dialog = await findDialog('Add administrator');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'vera@coffee-guide.test');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be at least 12 characters')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'a long enough passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add administrator' })).toBeNull());
    expect(api.calls('POST', '/api/admin/admins').at(-1)!.body).toEqual({
      email: 'vera@coffee-guide.test',
      role: 'editor',
      password: 'a long enough passphrase',
    });

    const mine = within(table).getAllByRole('row')[1];
    await user.click(within(mine).getByRole('button', { name: 'Disable' }));
    expect(await toast('Error')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.lastOwner)).toBeInTheDocument();
  });

  it('is no tab for an editor', async () => {
    const api = setupAdmin({ signedIn: false });
    api.signIn('editor');
    await renderDashboard('admins');
    expect(screen.queryByRole('tab', { name: 'Administrators' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('admin-role')).toHaveTextContent('Editor');
  });
});
