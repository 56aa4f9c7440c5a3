import { parse } from 'csv-parse/sync';
import { neutraliseFormula, restoreNeutralised, toCsv } from './csv';

describe('formula neutralisation', () => {
  test.each([
    ['=1+1', "'=1+1"],
    ['+31 6 12345678', "'+31 6 12345678"],
    ['-2+3+cmd|calc', "'-2+3+cmd|calc"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ["'=1+1", "''=1+1"], // already looks neutralised: one more, so reading takes exactly one off
    ["'t Hoen", "'t Hoen"],
    ["O'Neil", "O'Neil"],
    ["'", "'"],
    ['Jansen', 'Jansen'],
    ['', ''],
  ])('%j is written as %j and read back unchanged', (value, written) => {
    expect(neutraliseFormula(value)).toBe(written);
    expect(restoreNeutralised(written)).toBe(value);
  });

  test.each([
    ["'t Hoen", "'t Hoen"],
    ["'", "'"],
    ["''", "''"],
    ["'abc=", "'abc="],
    ['=A1', '=A1'], // a file from elsewhere with a raw formula is read as it is
    ["'=A1", '=A1'],
    ["''-", "'-"],
  ])('reading %j gives %j: only an apostrophe before a formula character is taken off', (read, value) => {
    expect(restoreNeutralised(read)).toBe(value);
  });
});

describe('toCsv', () => {
  it('writes UTF-8 with BOM, ";" and CRLF, quotes what needs it and neutralises text only', () => {
    const body = toCsv([
      ['Naam', 'Getal'],
      ['=HYPERLINK("http://x")', -3],
      ['a;b', null],
      [],
      ['regel\neen', '@x'],
    ]);
    const text = body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe('\uFEFFNaam;Getal\r\n"\'=HYPERLINK(""http://x"")";-3\r\n"a;b";\r\n\r\n"regel\neen";\'@x\r\n');
    const back = parse(text.slice(1), { delimiter: ';', relax_column_count: true }) as string[][];
    expect(back.map((row) => row.map(restoreNeutralised))).toEqual([['Naam', 'Getal'], ['=HYPERLINK("http://x")', '-3'], ['a;b', ''], [''], ['regel\neen', '@x']]);
  });
});
