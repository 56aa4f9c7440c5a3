import { formatTableCode, generateTableCode, nightEndsAt, normalizeTableCode, TABLE_CODE_ALPHABET, tableUrl } from './table-code';

describe('table codes', () => {
  it('are 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L)', () => {
    for (let i = 0; i < 200; i++) expect(generateTableCode()).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(TABLE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(Array.from({ length: 500 }, () => generateTableCode())).size).toBe(500);
  });

  it('take each character from the random source', () => {
    expect(generateTableCode(() => 0)).toBe('2222222222');
    expect(generateTableCode((max) => max - 1)).toBe('ZZZZZZZZZZ');
  });

  test.each([
    ['as stored', 'K7MX2QPT9H', 'K7MX2QPT9H'],
    ['as printed, with the dash', 'K7MX2-QPT9H', 'K7MX2QPT9H'],
    ['typed in lower case with spaces', ' k7mx2 qpt9h ', 'K7MX2QPT9H'],
    ['one character short', 'K7MX2QPT9', null],
    ['one too many', 'K7MX2QPT9HA', null],
    ['with a zero (not in the alphabet)', 'K7MX2QPT90', null],
    ['with an O', 'K7MX2QPT9O', null],
    ['with other characters', 'K7MX2/QPT9', null],
    ['very long input', 'A'.repeat(1000), null],
  ])('normalises a code %s', (_case, input, expected) => {
    expect(normalizeTableCode(input)).toBe(expected);
  });

  it('are printed in two groups of five', () => {
    expect(formatTableCode('K7MX2QPT9H')).toBe('K7MX2-QPT9H');
  });

  test.each([
    ['a winter evening (UTC+1)', '2026-11-24', '2026-11-25T05:00:00.000Z'],
    ['a summer evening (UTC+2)', '2027-05-15', '2027-05-16T04:00:00.000Z'],
    ['the night summer time ends (06:00 is already winter time)', '2026-10-24', '2026-10-25T05:00:00.000Z'],
  ])('end at 06:00 Amsterdam time the morning after the match: %s', (_case, date, expected) => {
    expect(nightEndsAt(date).toISOString()).toBe(expected);
  });

  it('open the table page of the dashboard', () => {
    expect(tableUrl('https://competitie.tsbn.nl/', 'K7MX2QPT9H')).toBe('https://competitie.tsbn.nl/tafel/K7MX2QPT9H');
  });
});
