import { address, normaliseCity, streetLabel, stripAddressNoise, tidyStreet } from './normalise';

describe('normaliseCity', () => {
  it.each([
    ['San Antonio ', 'San Antonio'],
    ['  Lake  Havasu City', 'Lake Havasu City'],
    ['kennewick', 'Kennewick'],
    ['ST. George', 'St. George'],
    ['St. George', 'St. George'],
    ['OFallon', "O'Fallon"],
    ['SE Port Orchard', 'Port Orchard'],
    ['SW Lakewood', 'Lakewood'],
    ['North Las Vegas', 'North Las Vegas'],
    ['West Valley City', 'West Valley City'],
    ['Milton-Freewater', 'Milton-Freewater'],
    ['McKinney', 'McKinney'],
    ['DeSoto', 'DeSoto'],
    ["Coeur D'Alene", "Coeur D'Alene"],
    ["Lee's Summit", "Lee's Summit"],
    ['Mt. Juliet', 'Mt. Juliet'],
    ['Ogden', 'Ogden'],
    ['Orem', 'Orem'],
    ['E', 'E'],
  ])('%j -> %j', (raw, city) => {
    expect(normaliseCity(raw)).toBe(city);
  });
});

describe('street labels and addresses', () => {
  it.each([
    ['2280 Zierdt Rd SW', 'Zierdt Rd'],
    ['3883 W 5400 S', 'W 5400 S'],
    ['2840 Santiam Hwy. S.E.', 'Santiam Hwy'],
    ['3121 W sahara Ave', 'W Sahara Ave'],
    ['3670 S Val Vista DR.', 'S Val Vista Dr'],
    ['870 W Garden of the Gods Rd.', 'W Garden of the Gods Rd'],
    ['2630 South A.W. Grimes Blvd', 'South A.W. Grimes Blvd'],
    ['8618 FM78', 'FM78'],
    ['1478 Blue Oaks Blvd, Roseville, CA', 'Blue Oaks Blvd'],
    ['Hwy 99 at Main', 'Hwy 99 at Main'],
  ])('%j -> %j', (line1, label) => {
    expect(streetLabel(line1)).toBe(label);
  });

  it('tidies abbreviations without touching route names', () => {
    expect(tidyStreet('603 S.E. 3rd St.')).toBe('603 SE 3rd St');
    expect(tidyStreet('10802 E US 290 Hwy WB')).toBe('10802 E US 290 Hwy WB');
  });

  it('drops a repeated city/state/ZIP and internal remarks from a street line', () => {
    expect(stripAddressNoise('1478 Blue Oaks Blvd, Roseville, CA', 'Roseville', 'CA')).toBe('1478 Blue Oaks Blvd');
    expect(stripAddressNoise('6410 S Rainbow Blvd Las Vegas, NV 89113', 'Las Vegas', 'NV')).toBe('6410 S Rainbow Blvd');
    expect(stripAddressNoise('451 W Corey Ct (RE-LOCATION for OR2505)', 'Roseburg', 'OR')).toBe('451 W Corey Ct');
    expect(stripAddressNoise('3265 S Rainbow Blvd (Desert & Rainbow)', 'Las Vegas', 'NV')).toBe(
      '3265 S Rainbow Blvd (Desert & Rainbow)',
    );
  });

  it('joins line1 and line2', () => {
    expect(address(' 13929 N 83rd Ave ', '#107', 'Peoria', 'AZ')).toBe('13929 N 83rd Ave, #107');
    expect(address('2280 Zierdt Rd SW', '', 'Huntsville', 'AL')).toBe('2280 Zierdt Rd SW');
  });
});
