// Proves the hand-written PDF holds together: a header, one page object per image, every xref
// offset pointing at its object, the trailer's startxref at the xref table, and the title in UTF-16.
import { describe, expect, it } from 'vitest';
import { jpegPagesToPdf } from './pdf-writer';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

describe('jpegPagesToPdf', () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
  const pdf = latin1(
    jpegPagesToPdf(
      [
        { jpeg, widthPx: 1240, heightPx: 1754 },
        { jpeg, widthPx: 1240, heightPx: 1754 },
      ],
      { title: '账单 2026-10', language: 'zh-CN' },
    ),
  );

  it('starts as a PDF and ends at %%EOF', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('has one page per image, each drawing its JPEG', () => {
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(pdf).toContain('/Count 2');
    expect(pdf.match(/\/Filter \/DCTDecode \/Length 9 >>/g)).toHaveLength(2);
    expect(pdf).toContain('/Lang (zh-CN)');
  });

  it('points every xref entry at its object and startxref at the table', () => {
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const table = pdf.slice(startxref).split('\n');
    const count = Number(table[1]!.split(' ')[1]);
    expect(count).toBe(4 + 2 * 3);
    for (let id = 1; id < count; id += 1) {
      const offset = Number(table[2 + id]!.slice(0, 10));
      expect(pdf.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
  });

  it('writes the title as UTF-16 with its byte order mark', () => {
    expect(pdf).toContain('/Title <FEFF8D2653550020');
  });
});
