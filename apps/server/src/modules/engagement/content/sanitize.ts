/**
 * The one sanitizer of content bodies (decision 023): sanitize-html (htmlparser2 underneath) with
 * an allow-list of formatting tags and no attribute but a link's href and title. Whatever is not
 * on the list is dropped: script, style and their text, SVG and MathML, iframes, forms, every on*
 * handler, style and class attributes. Links keep only http(s) and paths of the portal; an
 * absolute link opens in a new tab without access to the opener.
 */
import sanitizeHtml from 'sanitize-html';
import { isSafeLink } from '@pp/contract';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'code',
    'pre',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is dropped too, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const out: Record<string, string> = {};
      // The allowed schemes are checked by sanitize-html too; this also refuses "//host" and tricks with spaces.
      if (isSafeLink(href.trim())) out.href = href.trim();
      if (attribs.title) out.title = attribs.title;
      if (out.href && !out.href.startsWith('/')) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: out };
    },
  },
};

/** Safe HTML from whatever staff sent; the portal renders only what this returns. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, options).trim();
}
