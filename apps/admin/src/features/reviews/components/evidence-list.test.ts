// Proves evidence images and links come only from our own server or a data URL.
import { describe, expect, it } from 'vitest';
import { isLink, isSafeImageSource } from './evidence-list';
import { uploadIdOf } from './upload-evidence';

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
  it('reads a stored upload only from upload:<id>, never from a path or a URL', () => {
    expect(uploadIdOf('upload:0b6c7a1e-1f0e-4c9a-9a55-3c2f5e1d2a10')).toBe('0b6c7a1e-1f0e-4c9a-9a55-3c2f5e1d2a10');
    expect(uploadIdOf('upload:../../etc/passwd')).toBeNull();
    expect(uploadIdOf('https://evil.example/upload:1')).toBeNull();
    expect(uploadIdOf('upload:')).toBeNull();
  });
});
