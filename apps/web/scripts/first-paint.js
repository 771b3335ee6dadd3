// Decision 028: renders the login page once per language with the Node build of
// src/app/first-paint.tsx (dist-ssr, made by `vite build --ssr` just before) and puts the results
// into dist/index.html as <template data-first-paint="<lang>">. Fails the build when a text is
// missing (a key shows instead of a text) or the marker is gone from index.html.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const ssrDir = path.join(web, 'dist-ssr');
const indexFile = path.join(web, 'dist', 'index.html');
const marker = '<!--first-paint-templates-->';
const languages = ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID'];

const { renderFirstPaint } = await import(pathToFileURL(path.join(ssrDir, 'first-paint.js')).href);
const html = fs.readFileSync(indexFile, 'utf8');
if (!html.includes(marker)) throw new Error(`first-paint: ${marker} is not in ${indexFile}`);

const templates = languages.map((language) => {
  const texts = JSON.parse(fs.readFileSync(path.join(web, 'src', 'locales', `${language}.json`), 'utf8'));
  const page = renderFirstPaint(language, texts);
  // An unknown key comes back as the key itself: a dotted lower-case word alone in an element or attribute.
  const missing = page.match(/(?:>|=")[a-z][A-Za-z]*(?:\.[A-Za-z]+)+(?:<|")/g);
  if (missing) throw new Error(`first-paint: ${language} shows keys instead of texts: ${missing.join(' ')}`);
  if (!/autocomplete="current-password"/i.test(page)) throw new Error(`first-paint: ${language} has no password field`);
  return `<template data-first-paint="${language}">${page}</template>`;
});

// The stylesheet first; the app's entry script and its preloads leave the page's head for the
// inline script, which asks for them once the copy has painted (or at once, without a copy).
const stylesheets = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
const entries = [...html.matchAll(/^\s*<script type="module" crossorigin src="([^"]+)"><\/script>\n/gm)];
const preloads = [...html.matchAll(/^\s*<link rel="modulepreload" crossorigin href="([^"]+)">\n/gm)];
if (stylesheets.length === 0 || entries.length !== 1 || preloads.length === 0) {
  throw new Error(`first-paint: expected stylesheets, one entry script and preloads in index.html (found ${stylesheets.length}, ${entries.length}, ${preloads.length})`);
}
const appScripts = { entry: entries[0][1], preload: preloads.map((m) => m[1]) };
if (!html.includes('/*app-scripts*/ null')) throw new Error('first-paint: the inline script has no /*app-scripts*/ placeholder');
let page = html;
for (const tag of [...stylesheets, entries[0][0], ...preloads.map((m) => m[0])]) page = page.replace(tag, '');
page = page.replace(/(<title>[^<]*<\/title>\n)/, `$1${stylesheets.join('')}`).replace('/*app-scripts*/ null', JSON.stringify(appScripts));
fs.writeFileSync(indexFile, page.replace(marker, templates.join('\n    ')));
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`first-paint: the login page in ${languages.length} languages is in dist/index.html (${Buffer.byteLength(templates.join('')).toLocaleString('en-US')} bytes)`);
