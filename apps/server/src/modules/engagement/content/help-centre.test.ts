// The help centre's cut of the FAQ document: one entry per h2/h3 with the answer up to the next
// heading, plain-text questions, intro before the first heading, and no cut that leaves a tag open.
import { describe, expect, it } from 'vitest';
import { splitHelp } from './help-centre.ts';
import { sanitizeBody } from './sanitize.ts';

describe('splitHelp', () => {
  it('makes one entry per heading with the answer below it', () => {
    const body = sanitizeBody(
      '<p>Read this first.</p><h2>How do I deposit?</h2><p>Open <a href="/deposit">Deposit</a>.</p><ul><li>USDT</li></ul>' +
        '<h3>Fees &amp; limits</h3><p>None &lt; 1%.</p><h4>Small print</h4><p>Kept in the answer.</p>',
    );
    const { introHtml, entries } = splitHelp(body);
    expect(introHtml).toBe('<p>Read this first.</p>');
    expect(entries.map((e) => e.question)).toEqual(['How do I deposit?', 'Fees & limits']);
    expect(entries[0]).toMatchObject({
      id: 'q1',
      answerHtml: '<p>Open <a href="/deposit">Deposit</a>.</p><ul><li>USDT</li></ul>',
      answerText: 'Open Deposit . USDT',
    });
    expect(entries[1]!.answerHtml).toContain('<h4>Small print</h4>');
    expect(entries[1]!.answerText).toContain('None < 1%.');
  });

  it('keeps every answer well formed and drops empty questions', () => {
    const { entries } = splitHelp(sanitizeBody('<h2></h2><p>orphan</p><h2>Q</h2><blockquote><p>a</p><h3>R</h3><p>b</p></blockquote>'));
    expect(entries.map((e) => e.question)).toEqual(['Q', 'R']);
    for (const entry of entries) expect(sanitizeBody(entry.answerHtml)).toBe(entry.answerHtml);
  });

  it('has no entries and the whole body as intro when there is no heading', () => {
    expect(splitHelp('<p>Only text</p>')).toEqual({ introHtml: '<p>Only text</p>', entries: [] });
  });
});
