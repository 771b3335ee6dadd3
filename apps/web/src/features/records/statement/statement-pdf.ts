/**
 * The statement's PDF, made in the browser (decision 092): each A4 page drawn on a canvas at
 * 150 dpi with the device's fonts (a CJK font for zh-CN, ja-JP and ko-KP where the device has
 * one), turned into a JPEG, and the pages wrapped by `jpegPagesToPdf`. The text is a picture, not
 * selectable; the CSV is the machine-readable copy of the same figures.
 */
import type { RecordStatement } from '@pp/contract';
import { jpegPagesToPdf, type PdfPage } from './pdf-writer';
import { statementTables, type StatementTexts } from './statement-document';

const width = 1240;
const height = 1754;
const margin = 90;
const rowHeight = 38;
/** The columns of both tables, as shares of the printable width; the numbers align right. */
const columns = [0.26, 0.2, 0.16, 0.19, 0.19];

function fontStack(language: string): string {
  const cjk =
    language === 'ja-JP'
      ? '"Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic"'
      : language === 'ko-KP'
        ? '"Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic"'
        : '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei"';
  return `${cjk}, "Noto Sans", system-ui, sans-serif`;
}

/** `text` cut with an ellipsis to fit `maxWidth`. */
function fit(context: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (context.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) return reject(new Error('canvas'));
        blob.arrayBuffer().then((buffer) => resolve(new Uint8Array(buffer)), reject);
      },
      'image/jpeg',
      0.88,
    );
  });
}

export async function statementPdf(statement: RecordStatement, texts: StatementTexts, language: string): Promise<Uint8Array> {
  const tables = statementTables(statement, texts, language);
  const font = (size: number, isBold = false) => `${isBold ? '600 ' : ''}${size}px ${fontStack(language)}`;
  const inner = width - margin * 2;
  const columnX = columns.map((_, i) => margin + columns.slice(0, i).reduce((a, b) => a + b, 0) * inner);

  // The pages as lists of drawing steps first, so the page count is known for the footers.
  type Draw = (context: CanvasRenderingContext2D) => void;
  const pages: Draw[][] = [[]];
  let y = margin;
  const current = () => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push([]);
    y = margin;
  };
  const text = (
    value: string,
    x: number,
    atY: number,
    size: number,
    options: { isBold?: boolean; align?: CanvasTextAlign; maxWidth?: number; color?: string } = {},
  ) =>
    current().push((context) => {
      context.font = font(size, options.isBold);
      context.fillStyle = options.color ?? '#1a1d24';
      context.textAlign = options.align ?? 'left';
      context.fillText(options.maxWidth ? fit(context, value, options.maxWidth) : value, x, atY);
    });
  const rule = (atY: number, color = '#c9ced8') =>
    current().push((context) => {
      context.fillStyle = color;
      context.fillRect(margin, atY, inner, 2);
    });
  const tableRow = (cells: string[], isHead: boolean) => {
    // A row that does not fit opens a page, with the header above it there.
    if (!isHead && y + rowHeight > height - margin - 40) {
      newPage();
      tableRow(tables.lines.head, true);
    }
    cells.forEach((cell, i) => {
      const isNumber = i >= 3;
      const right = columnX[i]! + columns[i]! * inner - 8;
      text(cell, isNumber ? right : columnX[i]!, y + 26, 20, {
        isBold: isHead,
        align: isNumber ? 'right' : 'left',
        maxWidth: columns[i]! * inner - 16,
        color: isHead ? '#4b5261' : undefined,
      });
    });
    y += rowHeight;
    rule(y - 6, isHead ? '#8a91a0' : '#e4e7ec');
  };
  const summaryRow = (cells: string[], isHead: boolean) => {
    cells.forEach((cell, i) => {
      const right = columnX[i]! + columns[i]! * inner - 8;
      text(cell, i === 0 ? columnX[i]! : right, y + 26, 20, {
        isBold: isHead,
        align: i === 0 ? 'left' : 'right',
        maxWidth: columns[i]! * inner - 16,
        color: isHead ? '#4b5261' : undefined,
      });
    });
    y += rowHeight;
    rule(y - 6, isHead ? '#8a91a0' : '#e4e7ec');
  };

  text(texts.title, margin, y + 40, 40, { isBold: true });
  y += 70;
  text(texts.period, margin, y + 24, 22, { color: '#4b5261', maxWidth: inner });
  y += 60;
  text(texts.summaryTitle, margin, y + 24, 26, { isBold: true });
  y += 44;
  summaryRow(tables.summary.head, true);
  for (const row of tables.summary.rows) summaryRow(row, false);
  y += 36;
  text(texts.linesTitle, margin, y + 24, 26, { isBold: true });
  y += 44;
  tableRow(tables.lines.head, true);
  if (tables.lines.rows.length === 0) {
    text(texts.empty, margin, y + 28, 20, { color: '#4b5261' });
    y += rowHeight;
  }
  for (const row of tables.lines.rows) tableRow(row, false);
  if (statement.isTruncated && y + rowHeight > height - margin - 40) newPage();
  if (statement.isTruncated) text(texts.truncated, margin, y + 28, 20, { color: '#a4262c', maxWidth: inner });

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  const out: PdfPage[] = [];
  for (const [index, steps] of pages.entries()) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    for (const step of steps) step(context);
    context.font = font(18);
    context.fillStyle = '#6b7280';
    context.textAlign = 'right';
    context.fillText(texts.page.replace('{{page}}', String(index + 1)).replace('{{pages}}', String(pages.length)), width - margin, height - margin / 2);
    out.push({ jpeg: await toJpeg(canvas), widthPx: width, heightPx: height });
  }
  return jpegPagesToPdf(out, { title: `${texts.title} ${statement.month}`, language });
}
