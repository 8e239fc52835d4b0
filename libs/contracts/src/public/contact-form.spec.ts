import { contactEmailProblem } from './contact-form';
import { contactEmailSchema } from './content';

describe("the contact page's e-mail check (without zod)", () => {
  it.each([
    'ana@example.test',
    '  ana.fan+guide@mail.example.com ',
    "o'brien@example.org",
    'ana.example.test',
    'ana@',
    '@example.test',
    'ana@example',
    'ana@@example.test',
    'ana..fan@example.test',
    '.ana@example.test',
    'ana fan@example.test',
    'ana@exa_mple.test',
    'ana@example.t',
    'ana@-example.test',
    'ana\u200b@example.test',
    '',
    '   ',
    `${'a'.repeat(250)}@example.test`,
  ])('answers %j as the API does', (value) => {
    const api = contactEmailSchema.safeParse(value);
    const problem = contactEmailProblem(value);
    expect(problem === null).toBe(api.success);
    if (!api.success && problem !== null && value.trim() !== '' && !/\u200b/.test(value))
      expect(problem).toBe(api.error.issues[0].message);
  });
});
