import { standLabel } from './stands';

describe('standLabel: the stand’s own part of its name, one rule everywhere', () => {
  it.each([
    ['Grants Pass – SW 6th St', 'Grants Pass', 'SW 6th St'],
    ['grants pass - SW 6th St', 'Grants Pass', 'SW 6th St'],
    ['Grants Pass—SW 6th St', 'Grants Pass', 'SW 6th St'],
    ['North Las Vegas Craig Rd', 'North Las Vegas', 'Craig Rd'],
    ['  Bend   –  3rd St ', 'Bend', '3rd St'],
    ['The Big Stand', 'Bend', 'The Big Stand'],
    ['Las Vegas – Main', 'North Las Vegas', 'Las Vegas – Main'],
    ['Bend', 'Bend', 'Bend'],
    ['St. George – Main', 'St. George', 'Main'],
    ['StX George – Main', 'St. George', 'StX George – Main'],
    ['Bendix Rd', 'Bend', 'Bendix Rd'],
  ])('%s in %s -> %s', (name, city, label) => {
    expect(standLabel({ name, city })).toBe(label);
  });
});
