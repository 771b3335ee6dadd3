// Proves evidence images and links come only from our own server or a data URL.
import { describe, expect, it } from 'vitest';
import { isLink, isSafeImageSource } from './evidence-list';

describe('evidence sources', () => {
  it('accepts data images and same-origin paths as images', () => {
    expect(isSafeImageSource('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeImageSource('/api/admin/uploads/1.png')).toBe(true);
  });
  it('refuses remote, protocol-relative and script sources as images', () => {
    expect(isSafeImageSource('https://evil.example/x.png')).toBe(false);
    expect(isSafeImageSource('//evil.example/x.png')).toBe(false);
    expect(isSafeImageSource('javascript:alert(1)')).toBe(false);
    expect(isSafeImageSource('data:text/html;base64,AAAA')).toBe(false);
  });
  it('links only http(s) and same-origin paths', () => {
    expect(isLink('https://tronscan.org/#/transaction/abc')).toBe(true);
    expect(isLink('/x')).toBe(true);
    expect(isLink('javascript:alert(1)')).toBe(false);
    expect(isLink('0xabc')).toBe(false);
  });
});
