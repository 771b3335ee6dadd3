/**
 * The sealed POST of the typed client (@pp/client), with what only a page has: the server key the
 * server put into the page. The API client (api-client.ts) builds on it, and the portal's painter
 * of a member's home (apps/web/src/boot/member-paint-start.ts) uses it alone, so both send the
 * same headers and read the server's key the same way. Its own entry (`@pp/browser-kit/sealed-post`)
 * keeps the painter's download to this file, the client's transport and the envelope.
 */
import { isServerKey, type ServerKey } from '@pp/client/sealed-post';

export {
  fetchServerKey,
  isServerKey,
  sealedHeaders,
  sealedPost,
  sendSealed,
  serverClock,
  type PostedAnswer,
  type SealedAnswer,
  type SealedPostOptions,
  type ServerKey,
} from '@pp/client/sealed-post';

/** The key the server put into this page's `<meta name="envelope-key">`, or null (dev server, old page, anything malformed). */
export function pageServerKey(): ServerKey | null {
  const content = document.querySelector('meta[name="envelope-key"]')?.getAttribute('content');
  if (!content?.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(content);
    return isServerKey(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
