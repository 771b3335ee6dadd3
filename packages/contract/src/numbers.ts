/**
 * Schemas for numbers from outside (amounts as typed, paging cursors, time filters), built on the
 * ceilings of amounts.ts that keep every number exact (docs/decisions/008), and re-exporting them.
 */
import { z } from 'zod';
import { amountCharsMax, amountMaxMinor, cursorCharsMax, minorOf, timeMsMax } from './amounts.ts';

export * from './amounts.ts';

/** An amount as typed, 0 included: a plain decimal, at most 6 places, at most `amountMaxPoints`. */
const amountText = z
  .string('validation.enterAmount')
  .trim()
  .min(1, 'validation.enterAmount')
  .max(amountCharsMax, 'validation.enterValidAmount')
  .refine((v) => v.length > amountCharsMax || minorOf(v) !== null, 'validation.enterValidAmount')
  .refine((v) => (minorOf(v) ?? 0n) <= amountMaxMinor, 'validation.amountTooLarge');

/**
 * An amount in points as typed: a plain decimal, at most 6 places, above 0 and at most
 * `amountMaxPoints`. Leading zeros are read as the number they spell. The first broken rule is
 * the one reported (zod runs every check; the later ones pass on what an earlier one refused).
 */
export const amountInput = amountText.refine((v) => minorOf(v) === null || minorOf(v)! > 0n, 'validation.amountPositive');

/** As amountInput, but 0 is allowed: a rate or bonus that staff may switch off (a share's bonus). */
export const amountInputOrZero = amountText;

/** A paging cursor as the server made it: short, and only the characters it uses. */
export const cursorInput = z
  .string()
  .max(cursorCharsMax)
  .regex(/^[\w.:-]*$/)
  .optional();

/** A date filter in ms since the epoch. */
export const timeFilterMs = z.number().int().min(0).max(timeMsMax).optional();
