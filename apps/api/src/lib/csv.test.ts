import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes what needs it and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', '12.50'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",12.50\r\n');
  });

  it('keeps a formula from running, and a negative number a number', () => {
    expect(toCsv(['v'], [['=HYPERLINK("x")'], ['@SUM(A1)'], ['-12.50'], ['+1']])).toBe(
      'v\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n-12.50\r\n\'+1\r\n',
    );
  });
});
