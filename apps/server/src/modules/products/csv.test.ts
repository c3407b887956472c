import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, detectDelimiter, parseCsv, protectFormula, toCsv, unprotectFormula } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it.each([
    ['a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['a,b\r1,2\r', [['a', 'b'], ['1', '2']]],
    ['\uFEFFname\nTea', [['name'], ['Tea']]],
    ['"a,b","say ""hi"""\n', [['a,b', 'say "hi"']]],
    ['"two\nlines",x\n', [['two\nlines', 'x']]],
    ['a,,c\n', [['a', '', 'c']]],
    ['a,b\n\n1,2\n', [['a', 'b'], [''], ['1', '2']]],
    ['a,\n', [['a', '']]],
    ['5" pipe,x\n', [['5" pipe', 'x']]],
    ['""\n', [['']]],
    ['', []],
  ])('%j', (text, records) => {
    expect(parseCsv(text)).toEqual(records);
  });

  it('reads semicolons and tabs when asked', () => {
    expect(parseCsv('a;b\n"1;5";2\n', ';')).toEqual([['a', 'b'], ['1;5', '2']]);
    expect(parseCsv('a\tb\n1\t2\n', '\t')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('names the record of an unclosed quote and of text after a closing quote', () => {
    expect(() => parseCsv('a\nb\n"open,x\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\nb\n"open,x\n');
    } catch (error) {
      expect((error as CsvSyntaxError).record).toBe(3);
    }
    try {
      parseCsv('a\n"x"y\n');
    } catch (error) {
      expect((error as CsvSyntaxError).record).toBe(2);
    }
  });

  it('round-trips whatever toCsv writes', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', ';', '"', '\n', '\r', ' ', 'é', "'") , maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows);
        expect(parseCsv(toCsv(rows, ';'), ';')).toEqual(rows);
      }),
    );
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['name,price\n', ','],
    ['name;price;sku\n', ';'],
    ['name\tprice\n', '\t'],
    ['"a;b",price\n', ','],
    ['name\n', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('formula protection', () => {
  it.each(['=SUM(A1)', '+1', '-x', '@cmd', 'plain', "'quoted"])('%s survives a round trip', (value) => {
    expect(unprotectFormula(protectFormula(value))).toBe(value);
  });
  it('prefixes what a spreadsheet would run', () => {
    expect(protectFormula('=1+1')).toBe("'=1+1");
    expect(protectFormula('Tea')).toBe('Tea');
  });
});
