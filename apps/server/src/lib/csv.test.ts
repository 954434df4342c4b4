import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, keeping line numbers', () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,row');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'z'] },
      { line: 6, fields: ['last', 'row'] },
    ]);
  });

  it('ignores a byte order mark', () => {
    expect(parseCsv('\uFEFFemail\n')[0]!.fields).toEqual(['email']);
  });
});
