import { likeLiteral } from './database';

describe('likeLiteral', () => {
  it.each([
    ['\\', '\\\\'],
    ['%', '\\%'],
    ['_', '\\_'],
    ['50%_off\\now', '50\\%\\_off\\\\now'],
    ['golden eagle', 'golden eagle'],
  ])('escapes %j as %j', (input, escaped) => {
    expect(likeLiteral(input)).toBe(escaped);
  });
});
