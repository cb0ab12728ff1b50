import { describe, expect, it } from 'vitest';
import { MAX_CODES, previewCodes } from './codeBank';

describe('previewCodes', () => {
  it('takes one code a line without a header, skipping blank lines and spaces', () => {
    expect(previewCodes('FREE-0001\r\n\n  FREE-0002  \n \t \nfree_3\n')).toEqual({
      codes: ['FREE-0001', 'FREE-0002', 'free_3'],
      header: false,
      problems: [],
      fileProblem: null,
    });
  });

  it.each(['code', 'Code', 'CODES', 'coupon_code', 'Voucher Code'])('reads the column a %s header names', (header) => {
    const preview = previewCodes(`value,${header},expires\n10,AAA1,2027\n\n20,"BBB2",2027\n`);
    expect(preview).toMatchObject({ codes: ['AAA1', 'BBB2'], header: true, problems: [] });
  });

  it('drops a byte order mark', () => {
    expect(previewCodes('\ufeffcode\nAAA1\n').codes).toEqual(['AAA1']);
  });

  it('names every wrong line, as the server does', () => {
    const preview = previewCodes(`AAA1\nab\nAAA 2\naaa1\nBBB2\n-CC3\n${'X'.repeat(65)}\n`);
    expect(preview.problems.map((problem) => problem.line)).toEqual([2, 3, 4, 6, 7]);
    expect(preview.problems[0]!.message).toBe('"ab" is not a code: a code is 3 to 64 letters, digits, - or _, starting with a letter or digit.');
    expect(preview.problems[2]!.message).toBe('"aaa1" is already on line 1.');
  });

  it('wants one column without a header, and the code column with one', () => {
    expect(previewCodes('AAA1,10\nBBB2\n').problems).toEqual([
      { line: 1, message: 'The line has 2 columns: without a header naming the code column (such as code), a line holds one code and nothing else.' },
    ]);
    expect(previewCodes('value,code\n10,AAA1\n20\n').problems).toEqual([{ line: 3, message: 'The line has no code in the code column.' }]);
  });

  it('says when a file cannot be uploaded at all', () => {
    expect(previewCodes('code\n').fileProblem).toBe('The file has no codes: put one code on each line.');
    const many = Array.from({ length: MAX_CODES + 1 }, (_, n) => `C${String(n).padStart(6, '0')}`).join('\n');
    expect(previewCodes(many).fileProblem).toBe('The file has 10,001 codes: upload at most 10,000 at a time.');
    expect(previewCodes('A'.repeat(1_000_001)).fileProblem).toMatch(/^The file is larger than 1,000,000 characters/);
  });
});
