// Proves configuration values keep their exact form between the wire and the editor.
import { describe, expect, it } from 'vitest';
import { compactValue, parseEditorText, toEditorText } from './config-values';

describe('config values', () => {
  it('keeps amounts and percents as decimal strings, exactly', () => {
    expect(parseEditorText('amount', ' 50.10 ')).toEqual({ ok: true, value: '50.10' });
    expect(parseEditorText('percent', '0.005')).toEqual({ ok: true, value: '0.005' });
    expect(parseEditorText('amount', '1e3')).toEqual({ ok: false, errorKey: 'invalidAmount' });
    expect(parseEditorText('amount', '12,5')).toEqual({ ok: false, errorKey: 'invalidAmount' });
    expect(parseEditorText('amount', '')).toEqual({ ok: false, errorKey: 'invalidAmount' });
  });
  it('parses integers and refuses fractions and unsafe numbers', () => {
    expect(parseEditorText('integer', '63')).toEqual({ ok: true, value: 63 });
    expect(parseEditorText('integer', '6.3')).toEqual({ ok: false, errorKey: 'invalidInteger' });
    expect(parseEditorText('integer', '99999999999999999999')).toEqual({ ok: false, errorKey: 'invalidInteger' });
  });
  it('parses JSON for json and chains and says when it is not JSON', () => {
    expect(parseEditorText('chains', '["TRC20","BEP20"]')).toEqual({ ok: true, value: ['TRC20', 'BEP20'] });
    expect(parseEditorText('json', '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseEditorText('json', '{a:1}')).toEqual({ ok: false, errorKey: 'invalidJson' });
  });
  it('keeps text as typed', () => {
    expect(parseEditorText('text', ' Bank of Example ')).toEqual({ ok: true, value: ' Bank of Example ' });
  });
  it('starts editors from the current value', () => {
    expect(toEditorText('amount', '50')).toBe('50');
    expect(toEditorText('integer', 63)).toBe('63');
    expect(toEditorText('chains', ['TRC20'])).toBe('[\n  "TRC20"\n]');
    expect(toEditorText('text', null)).toBe('');
  });
  it('shows values on one line', () => {
    expect(compactValue('50')).toBe('50');
    expect(compactValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(compactValue(true)).toBe('true');
  });
});
