/**
 * Answers asked for before the app ran (decision 032): the painted dashboard's module
 * (boot/member-paint-start.ts) makes the first sealed calls of a member's home page itself, paints
 * from them and leaves each raw answer here; the app's API client takes each one once, for its
 * own first call to that path, instead of asking the server again. On the page, not in a module's
 * state: the two scripts are separate entries of the build.
 */
import type { FirstAnswer } from '@pp/browser-kit';

/** An answer older than this is not used: the app asks afresh. */
export const firstAnswerLifetimeMs = 30_000;

interface Held {
  answer: Promise<FirstAnswer>;
  at: number;
}

declare global {
  interface Window {
    __ppFirstAnswers?: Map<string, Held>;
  }
}

export function putFirstAnswer(path: string, answer: Promise<FirstAnswer>, now = Date.now()): void {
  window.__ppFirstAnswers ??= new Map();
  window.__ppFirstAnswers.set(path, { answer, at: now });
}

/** The answer held for `path`, once; undefined when there is none or it is too old. */
export function takeFirstAnswer(path: string, now = Date.now()): Promise<FirstAnswer> | undefined {
  const held = typeof window === 'undefined' ? undefined : window.__ppFirstAnswers?.get(path);
  if (!held) return undefined;
  window.__ppFirstAnswers!.delete(path);
  return now - held.at <= firstAnswerLifetimeMs ? held.answer : undefined;
}
