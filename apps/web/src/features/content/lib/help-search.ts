import type { HelpEntry } from '@pp/contract';

/** Case, width and accent differences ignored: "ＵＳＤＴ", "usdt" and "USDT" match. */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The entries whose question or answer holds every word of the query (in any order). Chinese,
 * Japanese and Korean are written without spaces, so a word is matched as a substring, not a token.
 */
export function searchHelp(entries: readonly HelpEntry[], query: string): HelpEntry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = folded(`${entry.question} ${entry.answerText}`);
    return words.every((word) => haystack.includes(word));
  });
}
