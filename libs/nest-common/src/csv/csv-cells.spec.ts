import {
  type AdminPriceRow,
  bulkEditTable,
  csvCells,
  formatCell,
  looksLikeFormula,
  neutralizeFormula,
  parseCell,
  pricesCsv,
  unneutralize,
} from '@coffee-guide/contracts';

// The CSV mapping of libs/contracts (which has no test runner of its own), tested where the engine lives.

const price = (id: number, value: string): AdminPriceRow => ({
  id,
  menuItemId: 1,
  menuItem: { name: 'Mocha', description: '', category: 'Coffee', categorySlug: 'coffee-classics', slug: 'mocha' },
  size: 'small',
  price: value,
  menuItemName: 'Mocha',
});

describe('CSV cells', () => {
  it('neutralises formulas on export and takes the apostrophe off on import; plain numbers are left alone', () => {
    for (const cell of ['=SUM(A1)', '+1+1', '-cmd', '@x', '\tx']) {
      expect(looksLikeFormula(cell)).toBe(true);
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
      expect(unneutralize(neutralizeFormula(cell))).toBe(cell);
    }
    expect(neutralizeFormula('-122.67')).toBe('-122.67');
    expect(unneutralize("'quoted")).toBe("'quoted");
  });

  it('neutralises a formula at the start of every line inside a cell, and takes each apostrophe off again', () => {
    const cells: [string, string][] = [
      ['first line\n=1+1', "first line\n'=1+1"],
      ['a\r\n+cmd\r@x\n-12.5\n- item', "a\r\n'+cmd\r'@x\n-12.5\n'- item"],
      ['=A1\n=A2', "'=A1\n'=A2"],
      ['\r=1', "'\r'=1"],
      ['plain\ntext\n', 'plain\ntext\n'],
    ];
    for (const [cell, exported] of cells) {
      expect(neutralizeFormula(cell)).toBe(exported);
      expect(unneutralize(exported)).toBe(cell);
    }
  });

  it('formats and parses each kind', () => {
    expect(formatCell('list', ['a', 'b'])).toBe('a, b');
    expect(formatCell('boolean', true)).toBe('true');
    expect(formatCell('json', { a: 1 })).toBe('{"a":1}');
    expect(parseCell({ kind: 'list' }, ' a , b,, ')).toEqual(['a', 'b']);
    expect(parseCell({ kind: 'boolean' }, 'Yes')).toBe(true);
    expect(parseCell({ kind: 'boolean' }, 'maybe')).toBe('maybe');
    expect(parseCell({ kind: 'number' }, '12.5')).toBe(12.5);
    expect(parseCell({ kind: 'number' }, '')).toBeUndefined();
    expect(parseCell({ kind: 'text', empty: 'null' }, '')).toBeNull();
  });
});

describe('bulkEditTable', () => {
  const rows = [price(1, '4.25'), price(2, '3.10'), price(3, '5.00')];
  const priceAt = pricesCsv.columns.findIndex((c) => c.name === 'price');
  const cellsOf = (result: ReturnType<typeof bulkEditTable>) =>
    'records' in result ? result.records.map((r) => r.cells[priceAt]) : result.problem;

  it('raises by a percentage or an amount, rounded to the cent, only on the selected rows', () => {
    expect(
      cellsOf(bulkEditTable(pricesCsv, rows, { ids: [1, 2], column: 'price', op: 'percent', value: '10' })),
    ).toEqual(['4.68', '3.41']);
    expect(cellsOf(bulkEditTable(pricesCsv, rows, { ids: [3], column: 'price', op: 'add', value: '-0.255' }))).toEqual([
      '4.75',
    ]);
    expect(cellsOf(bulkEditTable(pricesCsv, rows, { ids: [3], column: 'price', op: 'set', value: '6' }))).toEqual([
      '6',
    ]);
    const other = bulkEditTable(pricesCsv, rows, { ids: [1], column: 'price', op: 'set', value: '1.00' });
    expect('records' in other && other.records[0].cells).toEqual([
      ...csvCells(pricesCsv, rows[0]).slice(0, priceAt),
      '1.00',
    ]);
  });

  it('names what cannot be bulk edited', () => {
    expect(cellsOf(bulkEditTable(pricesCsv, rows, { ids: [9], column: 'price', op: 'set', value: '1' }))).toMatch(
      /no prices row with id 9/,
    );
    expect(
      cellsOf(bulkEditTable(pricesCsv, rows, { ids: [1], column: 'menuItemName', op: 'set', value: 'x' })),
    ).toMatch(/cannot be bulk edited/);
    expect(cellsOf(bulkEditTable(pricesCsv, rows, { ids: [1], column: 'size', op: 'add', value: '1' }))).toMatch(
      /can only be set/,
    );
    expect(cellsOf(bulkEditTable(pricesCsv, rows, { ids: [1], column: 'price', op: 'add', value: 'x' }))).toMatch(
      /must be a number/,
    );
  });
});
