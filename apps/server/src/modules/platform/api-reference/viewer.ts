/**
 * The reference page: Redoc's standalone bundle (a maintained renderer; we ship none of our own)
 * and a few lines that hand it the document. Two ways in:
 * - published (`features.apiReferencePublic`): `/api-reference/` fetches `openapi.json` beside it;
 * - the back-office: `/api-reference/embedded` sits in a same-origin frame of the staff page, which
 *   reads the document through its sealed staff call and posts it in. The frame takes a message
 *   only from its own parent on its own origin, so no other page can make it render anything.
 */
export const viewerScript = `'use strict';
(function () {
  var target = document.getElementById('reference');
  var options = { expandResponses: '200', jsonSampleExpandLevel: 3, hideHostname: true, sortPropsAlphabetically: false, pathInMiddlePanel: true };
  function show(spec) {
    Redoc.init(spec, options, target);
  }
  if (document.body.dataset.mode === 'embedded') {
    window.addEventListener('message', function (event) {
      if (event.origin !== location.origin || event.source !== window.parent) return;
      if (!event.data || event.data.type !== 'api-reference.document') return;
      show(event.data.document);
    });
    window.parent.postMessage({ type: 'api-reference.ready' }, location.origin);
  } else {
    show('openapi.json');
  }
})();
`;

export function viewerPage(mode: 'published' | 'embedded'): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>API reference</title>',
    '<link rel="icon" href="data:,">',
    // The renderer fills the window; the browser's default body margin would frame it in white.
    '<style>body{margin:0}</style>',
    '</head>',
    `<body data-mode="${mode}">`,
    '<div id="reference"></div>',
    // Relative URLs: the page works under any prefix the proxy gives it.
    '<script src="redoc.standalone.js"></script>',
    '<script src="viewer.js"></script>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The page's own policy. Redoc styles itself with styled-components, which writes <style>
 * elements, and runs its search in a worker made from a blob: so those two are allowed here and
 * nowhere else. Scripts are only this origin's files; the page may be framed only by this origin
 * (the back-office).
 */
export const viewerPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');
