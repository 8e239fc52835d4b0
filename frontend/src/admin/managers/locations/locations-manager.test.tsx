import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import {
  fill,
  findDialog,
  findRow,
  pick,
  renderDashboard,
  setupAdmin,
  SLOW,
  toast,
} from '@/admin/testing/admin-test-utils';
import { schemaMessage } from '@/admin/testing/schema-messages';

const { create, update } = ADMIN_ROUTES.locations;

describe('Locations tab', SLOW, () => {
  it('shows whether each stand operates and, beside it, whether it is open now', async () => {
    setupAdmin();
    await renderDashboard('locations');
    const open = await findRow('Locations', 'Grants Pass – SW 6th St');
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(open).getByText('Open now')).toBeInTheDocument();
    const closed = await findRow('Locations', 'Medford – Crater Lake Hwy');
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).getByText('Closed now')).toBeInTheDocument();
  });

  it('creates a stand: the required fields, the default hours as JSON text', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('locations');
    await screen.findByRole('table', { name: 'Locations' });
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    const dialog = await findDialog('Add Location');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    for (const label of ['Name', 'Address', 'City']) {
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
    }
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveAttribute('aria-invalid', 'true');
    const empty = { name: '', address: '', city: '', state: '', zipCode: '' };
    expect(within(dialog).getAllByText(schemaMessage(create, empty, 'name'))).toHaveLength(4);
    expect(within(dialog).getByText(schemaMessage(create, empty, 'zipCode'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/locations')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Bend – 3rd St');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Address' }), '61 SE 3rd St');
    await fill(user, within(dialog).getByRole('textbox', { name: 'City' }), 'Bend');
    await pick(user, dialog, 'State', 'OR – Oregon');
    await fill(user, within(dialog).getByRole('textbox', { name: 'ZIP code' }), '97702');
    await user.type(within(dialog).getByRole('combobox', { name: /Amenities/ }), 'Drive-thru,Walk-up,');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Location created')).toBeInTheDocument();
    expect(await findRow('Locations', 'Bend – 3rd St')).toHaveTextContent('97702');
    const body = api.calls('POST', '/api/admin/locations')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Bend – 3rd St',
      state: 'OR',
      zipCode: '97702',
      amenities: ['Drive-thru', 'Walk-up'],
      isOpen: true,
    });
    expect(JSON.parse(body.hours as string)).toMatchObject({
      Monday: '5:00 AM - 10:00 PM',
      Sunday: '5:00 AM - 10:00 PM',
    });
  });

  it('edits a stand with the weekly-hours editor: closed and 24-hour switches write the JSON text', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('locations');
    await user.click(await screen.findByRole('button', { name: 'Edit Grants Pass – SW 6th St' }));
    const dialog = await findDialog('Edit Grants Pass – SW 6th St');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Grants Pass – SW 6th St');
    expect(within(dialog).getByLabelText('Monday opens')).toHaveValue('05:00');
    expect(within(dialog).getByLabelText('Friday closes')).toHaveValue('23:00');

    await user.click(within(dialog).getByRole('switch', { name: 'Sunday closed' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Saturday open 24 hours' }));
    expect(within(dialog).getByLabelText('Saturday opens')).toBeDisabled();
    const text = within(dialog).getByRole('textbox', { name: 'Hours (JSON text)' }) as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toMatchObject({
      Saturday: 'Open 24 hours',
      Sunday: 'Closed',
      Monday: '5:00 AM - 10:00 PM',
    });

    await user.click(within(dialog).getByRole('switch', { name: /Operating/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await toast('Location updated')).toBeInTheDocument();
    const body = api.calls('PUT', '/api/admin/locations/11')[0].body as Record<string, unknown>;
    expect(body.isOpen).toBe(false);
    expect(JSON.parse(body.hours as string)).toMatchObject({ Saturday: 'Open 24 hours', Sunday: 'Closed' });
    const row = await findRow('Locations', 'Grants Pass – SW 6th St');
    await waitFor(() => expect(within(row).getByText('Closed now')).toBeInTheDocument());
  });

  it('validates the hours JSON text with a visible message, and the editor follows a valid text', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('locations');
    await user.click(await screen.findByRole('button', { name: 'Edit Grants Pass – SW 6th St' }));
    const dialog = await findDialog('Edit Grants Pass – SW 6th St');
    const text = within(dialog).getByRole('textbox', { name: 'Hours (JSON text)' });

    await user.clear(text);
    await fill(user, text, '{"Monday": "5:00 AM - 10:00 PM",');
    // the editor names the field before the schema's message, as it is typed
    const unreadable = schemaMessage(update, { hours: '{"Monday": "5:00 AM - 10:00 PM",' }, 'hours');
    expect(await within(dialog).findByText(`Hours ${unreadable}`)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Monday opens')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(unreadable, { exact: false })).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/locations/11')).toHaveLength(0);

    await user.clear(text);
    const funday = '{"Monday": "6 AM - 2 PM", "Funday": "Closed"}';
    await fill(user, text, funday);
    expect(
      await within(dialog).findByText(`Hours Funday: ${schemaMessage(update, { hours: funday }, 'hours.Funday')}`),
    ).toBeInTheDocument();

    await user.clear(text);
    await fill(user, text, '{"Monday": "6 AM - 2 PM"}');
    expect(await within(dialog).findByLabelText('Monday opens')).toHaveValue('06:00');
    expect(within(dialog).getByLabelText('Monday closes')).toHaveValue('14:00');
    expect(within(dialog).getByRole('switch', { name: 'Tuesday closed' })).toBeChecked();
  });

  it('asks before deleting, naming the stand', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('locations');
    await user.click(await screen.findByRole('button', { name: 'Delete Medford – Crater Lake Hwy' }));
    const confirm = await findDialog('Delete location?');
    expect(confirm).toHaveTextContent('“Medford – Crater Lake Hwy”');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toast('Location deleted')).toBeInTheDocument();
    expect(api.db.locations.map((l) => l.id)).toEqual([11]);
  });
});
