import { ValidationFailed } from '@coffee-guide/nest-common';
import type { DataSource } from 'typeorm';
import { createAdministrator } from './admins';

// Refused before the database is asked anything: no database here.
const noDatabase = {} as DataSource;
const password = 'a long enough passphrase 2026!';

describe('createAdministrator', () => {
  it.each([
    ['a zero-width space in the name', { email: 'a@example.com', name: 'Ad\u200bmin' }, 'name'],
    ['a right-to-left mark in the name', { email: 'a@example.com', name: 'Admin\u200f' }, 'name'],
    ['a word joiner in the e-mail', { email: 'ad\u2060min@example.com', name: 'Admin' }, 'email'],
  ])('refuses %s: a name that shows as "Admin" must be "Admin"', async (_what, input, field) => {
    const error = await createAdministrator(noDatabase, { ...input, password }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).getResponse()).toMatchObject({
      errors: { [field]: expect.stringMatching(/invisible/) },
    });
  });
});
