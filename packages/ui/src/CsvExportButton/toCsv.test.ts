import { describe, expect, it } from 'vitest';
import { toCsv } from './toCsv';

describe('toCsv', () => {
  it('writes the header row, then one CRLF-ended line per row', () => {
    expect(
      toCsv(
        ['name', 'amount_cents'],
        [
          ['Ada', 500],
          ['Grace', 1250],
        ],
      ),
    ).toBe('name,amount_cents\r\nAda,500\r\nGrace,1250\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(toCsv(['v'], [['Lovelace, Ada']])).toBe('v\r\n"Lovelace, Ada"\r\n');
    expect(toCsv(['v'], [['She said "hi"']])).toBe('v\r\n"She said ""hi"""\r\n');
    expect(toCsv(['v'], [['line one\nline two']])).toBe('v\r\n"line one\nline two"\r\n');
    expect(toCsv(['v'], [['a\r\nb']])).toBe('v\r\n"a\r\nb"\r\n');
  });

  it('leaves plain text unquoted', () => {
    expect(toCsv(['v'], [['plain text']])).toBe('v\r\nplain text\r\n');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+31 6 1234', "'+31 6 1234"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
  ])('prefixes text starting like a formula (%j) with a single quote', (cell, expected) => {
    expect(toCsv(['v'], [[cell]])).toBe(`v\r\n${expected}\r\n`);
  });

  it('guards a formula and quotes it when it also holds a comma or a quote', () => {
    expect(toCsv(['v'], [['=HYPERLINK("http://x","y")']])).toBe('v\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });

  it('guards header cells too', () => {
    expect(toCsv(['=cmd'], [])).toBe("'=cmd\r\n");
  });

  it('writes numbers as numbers: a negative amount is not guarded', () => {
    expect(toCsv(['cents'], [[-500], [0], [12.5]])).toBe('cents\r\n-500\r\n0\r\n12.5\r\n');
  });

  it('writes null and undefined as empty fields, booleans as words, non-finite numbers as empty', () => {
    expect(toCsv(['a', 'b', 'c', 'd', 'e'], [[null, undefined, true, false, Number.NaN]])).toBe(
      'a,b,c,d,e\r\n,,true,false,\r\n',
    );
  });

  it('keeps accented and non-Latin text as it is', () => {
    expect(toCsv(['name'], [['Zoë Ōsaka']])).toBe('name\r\nZoë Ōsaka\r\n');
  });
});
