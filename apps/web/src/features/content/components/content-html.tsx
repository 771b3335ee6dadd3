import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A body the server sanitized to its allow-list (apps/server/src/modules/content/sanitize.ts):
 * the only place the portal renders HTML, and only HTML that came from that sanitizer. A link to
 * a page of the portal ("/package") goes through the router; others open in a new tab as the
 * server marked them.
 */
export function ContentHtml({ html, lang }: { html: string; lang?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return <div className="content-html" lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
