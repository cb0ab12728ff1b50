/**
 * A code bank's CSV, pure: the console's preview of what an upload would add, by the
 * server's rules (server/masthead/referrals/programmes/code_bank.py), before the file is
 * sent. The server checks again, against the codes the tenant already holds too.
 */

export const MAX_CODES = 10_000;
export const MAX_CHARS = 1_000_000;
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;
export const CODE_RULE = 'a code is 3 to 64 letters, digits, - or _, starting with a letter or digit';
const HEADER_NAMES = new Set(['code', 'codes', 'coupon', 'coupon code', 'voucher', 'voucher code', 'promo code', 'reward code', 'fuel tank code']);

export interface LineProblem {
  line: number;
  message: string;
}

export interface CodePreview {
  codes: string[];
  /** Whether the first line named the code column (and so was not a code). */
  header: boolean;
  problems: LineProblem[];
  /** A fault of the whole file (too big, no codes): no upload is possible. */
  fileProblem: string | null;
}

/** The cells of one CSV record (RFC 4180 quoting; commas inside quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

const headerName = (cell: string) => cell.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** What the file holds: its codes, or the lines that are wrong (counted from 1). */
export function previewCodes(raw: string): CodePreview {
  const preview: CodePreview = { codes: [], header: false, problems: [], fileProblem: null };
  if (raw.length > MAX_CHARS) {
    preview.fileProblem = `The file is larger than ${MAX_CHARS.toLocaleString('en-US')} characters: upload at most ${MAX_CODES.toLocaleString('en-US')} codes at a time.`;
    return preview;
  }
  const text = raw.replace(/^\ufeff/, '');
  const seen = new Map<string, number>();
  let column: number | null = null;
  let first = true;
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    const number = index + 1;
    const row = cells(line);
    if (row.every((cell) => cell.trim() === '')) continue;
    if (first) {
      first = false;
      const named = row.findIndex((cell) => HEADER_NAMES.has(headerName(cell)));
      if (named >= 0) {
        column = named;
        preview.header = true;
        continue;
      }
    }
    if (column === null && row.length > 1) {
      preview.problems.push({
        line: number,
        message: `The line has ${row.length} columns: without a header naming the code column (such as code), a line holds one code and nothing else.`,
      });
      continue;
    }
    const code = (row[column ?? 0] ?? '').trim();
    if (!code) {
      preview.problems.push({ line: number, message: 'The line has no code in the code column.' });
      continue;
    }
    if (!CODE.test(code)) {
      preview.problems.push({ line: number, message: `"${code.slice(0, 70)}" is not a code: ${CODE_RULE}.` });
      continue;
    }
    const key = code.toUpperCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      preview.problems.push({ line: number, message: `"${code}" is already on line ${earlier}.` });
      continue;
    }
    seen.set(key, number);
    preview.codes.push(code);
  }
  if (preview.problems.length === 0) {
    if (preview.codes.length === 0) preview.fileProblem = 'The file has no codes: put one code on each line.';
    else if (preview.codes.length > MAX_CODES) {
      preview.fileProblem = `The file has ${preview.codes.length.toLocaleString('en-US')} codes: upload at most ${MAX_CODES.toLocaleString('en-US')} at a time.`;
    }
  }
  return preview;
}
