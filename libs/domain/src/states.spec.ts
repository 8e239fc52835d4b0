import { stateName, US_STATES } from './states';

describe('US states', () => {
  it('has the 50 states and the District of Columbia', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
  });

  it('names a code in any case, and nothing else', () => {
    expect(stateName('OR')).toBe('Oregon');
    expect(stateName(' or ')).toBe('Oregon');
    expect(stateName('dc')).toBe('District of Columbia');
    expect(stateName('XX')).toBeUndefined();
    expect(stateName('constructor')).toBeUndefined();
  });
});
