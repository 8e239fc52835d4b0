import type { CsvImportResult } from '@coffee-guide/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, findDialog, pick, renderDashboard, setupAdmin, SLOW, toast } from '../testing/admin-test-utils';

const preview = (applied: boolean): CsvImportResult => ({
  resource: 'prices',
  dryRun: !applied,
  applied,
  counts: { created: 0, changed: 2, unchanged: 0, errors: 0 },
  created: [],
  changed: [
    {
      line: 2,
      id: 1,
      key: { name: 'drink and size', value: 'americano / small' },
      changes: [{ column: 'price', old: '3.50', new: '3.85' }],
    },
    {
      line: 3,
      id: 2,
      key: { name: 'drink and size', value: 'americano / medium' },
      changes: [{ column: 'price', old: '4.10', new: '4.51' }],
    },
  ],
  unchanged: [],
  errors: [],
});

describe('Bulk edit in a manager', SLOW, () => {
  it('selects rows, raises their price by a percentage, shows the preview and applies it', async () => {
    const api = setupAdmin();
    api.on('POST', '/api/admin/prices/bulk', (req) => ({
      status: 200,
      body: preview(req.query.get('dryRun') !== 'true'),
    }));
    const { user } = await renderDashboard('prices');
    const table = await screen.findByRole('table', { name: 'Prices' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Americano (small)' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Americano (medium)' }));
    const selection = screen.getByRole('group', { name: 'Selection' });
    expect(selection).toHaveTextContent('2 selected');
    await user.click(within(selection).getByRole('button', { name: 'Bulk edit' }));

    const dialog = await findDialog('Bulk edit 2 rows');
    await pick(user, dialog, 'Field', 'price');
    await user.click(within(dialog).getByRole('radio', { name: 'Change by %' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Percent (negative to lower)' }), '10');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const changes = await within(dialog).findByRole('table', { name: 'Changes' });
    expect(within(changes).getAllByRole('row')).toHaveLength(3);
    expect(changes).toHaveTextContent('americano / medium (drink and size)price4.104.51');
    const [dry] = api.calls('POST', '/api/admin/prices/bulk');
    expect(dry.query.get('dryRun')).toBe('true');
    expect(dry.body).toEqual({ ids: [101, 102], column: 'price', op: 'percent', value: '10' });

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await toast('Bulk edit applied')).toBeInTheDocument();
    const calls = api.calls('POST', '/api/admin/prices/bulk');
    expect(calls).toHaveLength(2);
    expect(calls[1].query.get('dryRun')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selection' })).not.toBeInTheDocument();
  });
});
