/**
 * The help centre is the `helpCentre` document cut at its headings: staff write one document per
 * language like the others, and members get questions they can search and open one by one. The
 * cut is made on the stored body, which the one sanitizer (sanitize.ts) wrote, so headings are bare
 * `<h2>`/`<h3>` tags; every piece is sanitized again, so a cut can never leave an open tag.
 */
import type { HelpEntry } from '@pp/contract';
import { sanitizeBody } from './sanitize.ts';

const heading = /<(h2|h3)>([\s\S]*?)<\/\1>/g;

/** The sanitizer writes text with only these four escaped (it decodes every other entity). */
function decodeText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function splitHelp(bodyHtml: string): { introHtml: string; entries: HelpEntry[] } {
  const marks = [...bodyHtml.matchAll(heading)];
  const introHtml = sanitizeBody(bodyHtml.slice(0, marks[0]?.index ?? bodyHtml.length));
  const entries: HelpEntry[] = [];
  marks.forEach((mark, i) => {
    const question = decodeText(mark[2] ?? '');
    if (!question) return;
    const start = (mark.index ?? 0) + mark[0].length;
    const end = marks[i + 1]?.index ?? bodyHtml.length;
    const answerHtml = sanitizeBody(bodyHtml.slice(start, end));
    entries.push({ id: `q${entries.length + 1}`, question, answerHtml, answerText: decodeText(answerHtml) });
  });
  return { introHtml, entries };
}
