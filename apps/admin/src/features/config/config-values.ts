/**
 * Configuration values between the wire and the editor. Amounts and percents stay decimal
 * strings (never floats); integers are numbers; json and chains are any JSON. The client checks
 * only the shape; the server's schema for the key has the last word (and says why under the field).
 */
import type { ConfigEntry } from '@pp/contract';

export type ConfigKind = ConfigEntry['kind'];

/** The text an editor starts from. */
export function toEditorText(kind: ConfigKind, value: unknown): string {
  if (kind === 'json' || kind === 'chains') return JSON.stringify(value ?? null, null, 2);
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; errorKey: 'invalidAmount' | 'invalidInteger' | 'invalidJson' };

const decimalPattern = /^-?\d+(\.\d+)?$/;

/** The value to send for an editor's text (booleans come from the switch, not from text). */
export function parseEditorText(kind: Exclude<ConfigKind, 'boolean'>, text: string): Parsed {
  switch (kind) {
    case 'amount':
    case 'percent': {
      const trimmed = text.trim();
      return decimalPattern.test(trimmed) ? { ok: true, value: trimmed } : { ok: false, errorKey: 'invalidAmount' };
    }
    case 'integer': {
      const trimmed = text.trim();
      const value = Number(trimmed);
      return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, errorKey: 'invalidInteger' };
    }
    case 'text':
      return { ok: true, value: text };
    case 'json':
    case 'chains':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, errorKey: 'invalidJson' };
      }
  }
}

/** A one-line view of a value for lists and history (booleans are worded by the caller). */
export function compactValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}
