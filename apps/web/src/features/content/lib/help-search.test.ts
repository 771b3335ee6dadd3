// The help centre's search: every word must appear in the question or answer, in any order,
// ignoring case, full-width forms and accents; CJK text matches by substring.
import { describe, expect, it } from 'vitest';
import type { HelpEntry } from '@pp/contract';
import { searchHelp } from './help-search';

const entry = (id: string, question: string, answerText: string): HelpEntry => ({ id, question, answerText, answerHtml: `<p>${answerText}</p>` });
const entries = [
  entry('q1', 'How do I deposit USDT?', 'Open Deposit and pick TRC20 or BEP20.'),
  entry('q2', '如何提现？', '打开提现页面，输入金额和交易密码。'),
  entry('q3', 'Café hours', 'We answer from nine.'),
];

describe('searchHelp', () => {
  it('returns everything for an empty query', () => {
    expect(searchHelp(entries, '  ').map((e) => e.id)).toEqual(['q1', 'q2', 'q3']);
  });
  it('needs every word, in any order, in the question or the answer', () => {
    expect(searchHelp(entries, 'bep20 deposit').map((e) => e.id)).toEqual(['q1']);
    expect(searchHelp(entries, 'deposit withdraw').map((e) => e.id)).toEqual([]);
  });
  it('ignores case, full-width letters and accents, and matches CJK by substring', () => {
    expect(searchHelp(entries, 'ＵＳＤＴ').map((e) => e.id)).toEqual(['q1']);
    expect(searchHelp(entries, 'cafe').map((e) => e.id)).toEqual(['q3']);
    expect(searchHelp(entries, '交易密码').map((e) => e.id)).toEqual(['q2']);
  });
});
