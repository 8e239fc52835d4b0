import { ADMIN_MESSAGES, ADMIN_ROUTES, csvHeader, pricesCsv, type CsvImportResult } from '@coffee-guide/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderDashboard, setupAdmin, SLOW, toast } from '../testing/admin-test-utils';
import { schemaMessage } from '../testing/schema-messages';

const result = (errors: CsvImportResult['errors'], applied = false): CsvImportResult => ({
  resource: 'prices',
  dryRun: !applied,
  applied,
  counts: { created: 1, changed: 1, unchanged: 3, errors: errors.length },
  created: [
    {
      line: 6,
      key: { name: 'drink and size', value: 'mocha / large' },
      values: { menuItemSlug: 'mocha', size: 'large', price: '5.25' },
    },
  ],
  changed: [
    {
      line: 2,
      id: 101,
      key: { name: 'drink and size', value: 'americano / small' },
      changes: [{ column: 'price', old: '3.50', new: '3.75' }],
    },
  ],
  unchanged: [],
  errors,
});

async function openImport(answer: (dryRun: boolean) => { status: number; body: unknown }) {
  const api = setupAdmin();
  api.on('POST', '/api/admin/prices/import', (req) => answer(req.query.get('dryRun') === 'true'));
  const { user } = await renderDashboard('prices');
  await screen.findByRole('table', { name: 'Prices' });
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await findDialog('Import Prices from CSV');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['menuItemSlug,size,price\n'], 'prices.csv', { type: 'text/csv' }));
  return { api, user, dialog };
}

describe('CSV import in a manager', SLOW, () => {
  it('previews new, changed and unchanged rows, then applies the file', async () => {
    const { api, user, dialog } = await openImport((dryRun) => ({ status: 200, body: result([], !dryRun) }));
    expect(await within(dialog).findByRole('status', { name: 'Import preview' })).toHaveTextContent(
      '1 new1 changed3 unchanged0 errors',
    );
    expect(within(dialog).getByRole('table', { name: 'Changes' })).toHaveTextContent(
      'americano / small (drink and size)price3.503.75',
    );
    expect(within(dialog).getByRole('table', { name: 'New rows' })).toHaveTextContent('mocha / large (drink and size)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await toast('Import applied')).toBeInTheDocument();
    const calls = api.calls('POST', '/api/admin/prices/import');
    expect(calls.map((c) => c.query.get('dryRun'))).toEqual(['true', null]);
  });

  it('lists every error with its line and column, and does not offer Apply', async () => {
    const reason = schemaMessage(ADMIN_ROUTES.prices.create, { menuItemId: 1, size: 'small', price: '4.255' }, 'price');
    const { api, dialog } = await openImport(() => ({
      status: 200,
      body: result([{ line: 4, column: 'price', reason }]),
    }));
    const errors = await within(dialog).findByRole('table', { name: 'Import errors' });
    expect(errors).toHaveTextContent(`4price${reason}`);
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(api.calls('POST', '/api/admin/prices/import')).toHaveLength(1);
  });

  it("shows a file the server refuses with the server's message", async () => {
    const message = ADMIN_MESSAGES.csvHeaderMismatch(
      'prices',
      { unknown: ['foo'], missing: [], repeated: [] },
      csvHeader(pricesCsv),
    );
    const { dialog } = await openImport(() => ({ status: 400, body: { statusCode: 400, message } }));
    expect(await within(dialog).findByText(message, { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
