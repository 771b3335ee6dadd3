// Decisions 028 and 039: renders the login page once per language with React DOM's server renderer
// in the Node build of src/boot/prerender.tsx (dist-ssr, made by `vite build --ssr` just before)
// and puts the results into dist/index.html as <template data-first-paint="<lang>">. Fails the
// build when a text is missing (a key shows instead of a text) or the marker is gone from index.html.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..', '..');
const ssrDir = path.join(web, 'dist-ssr');
const indexFile = path.join(web, 'dist', 'index.html');
const marker = '<!--first-paint-templates-->';
const languages = ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID'];

const { renderLoginCopy, renderMemberPaint } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const memberMarker = '/*member-paint-templates*/ null';
const html = fs.readFileSync(indexFile, 'utf8');
if (!html.includes(marker)) throw new Error(`write-copies: ${marker} is not in ${indexFile}`);

const templates = languages.map((language) => {
  const texts = JSON.parse(fs.readFileSync(path.join(web, 'src', 'locales', `${language}.json`), 'utf8'));
  const page = renderLoginCopy(language, texts);
  // An unknown key comes back as the key itself: a dotted lower-case word alone in an element or attribute.
  const missing = page.match(/(?:>|=")[a-z][A-Za-z]*(?:\.[A-Za-z]+)+(?:<|")/g);
  if (missing) throw new Error(`write-copies: ${language} shows keys instead of texts: ${missing.join(' ')}`);
  if (!/autocomplete="current-password"/i.test(page)) throw new Error(`write-copies: ${language} has no password field`);
  return `<template data-first-paint="${language}">${page}</template>`;
});

// Decision 032: a member's home in each language and layout, one hashed file per language that
// the page asks for on a member's tab at "/" or /index. What the filler (src/boot/member-paint-start.ts)
// relies on is checked here, so a change of the dashboard's markup fails the build, not the page.
if (!html.includes(memberMarker)) throw new Error(`write-copies: ${memberMarker} is not in ${indexFile}`);
/** The shell's texts with the member texts merged in, as the app merges them (lib/i18n.ts addMessages). */
function deepMerged(into, added) {
  const out = { ...into };
  for (const [key, value] of Object.entries(added)) out[key] = typeof value === 'object' && typeof out[key] === 'object' ? deepMerged(out[key], value) : value;
  return out;
}
const memberFiles = {};
let memberBytes = 0;
for (const language of languages) {
  const shell = JSON.parse(fs.readFileSync(path.join(web, 'src', 'locales', `${language}.json`), 'utf8'));
  const member = JSON.parse(fs.readFileSync(path.join(web, 'src', 'locales', 'member', `${language}.json`), 'utf8'));
  const copies = renderMemberPaint(language, deepMerged(shell, member));
  for (const layout of ['mobile', 'desktop']) {
    const page = copies[layout];
    const missing = page.match(/(?:>|=")[a-z][A-Za-z]*(?:\.[A-Za-z]+)+(?:<|")/g);
    if (missing) throw new Error(`write-copies: the ${layout} dashboard in ${language} shows keys instead of texts: ${missing.join(' ')}`);
    const needs = [/\u2060pp-member-name\u2060/, /<li class="asset">/, /class="asset-name"/, /class="asset-total"/, /<ul class="banners"><li class="banner">/];
    // The app renders the quick actions with the first screen, right below the balances; a copy
    // without them would show the page one way and the app another (the hand-over would jump).
    needs.push(/<ul class="quick-actions">/);
    // The nav entries behind flags show in the desktop frame; the phone's are in its closed menu.
    if (layout === 'desktop') needs.push(/href="#\/code"/, /href="#\/equity"/, /href="#\/transfer"/);
    for (const need of needs) if (!need.test(page)) throw new Error(`write-copies: the ${layout} dashboard in ${language} has no ${need}`);
    if ((page.match(/<li class="asset">/g) ?? []).length !== 1 || (page.match(/<dd>/g) ?? []).length !== 3)
      throw new Error(`write-copies: the ${layout} dashboard in ${language} must have one balance card with three parts`);
  }
  if (!copies.coins.ASSETS_POINT) throw new Error(`write-copies: ${language} has no coins texts`);
  const text = JSON.stringify(copies);
  const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);
  const file = `assets/member-paint-${language}-${hash}.json`;
  fs.writeFileSync(path.join(web, 'dist', file), text);
  fs.writeFileSync(path.join(web, 'dist', `${file}.gz`), zlib.gzipSync(text, { level: 9 }));
  fs.writeFileSync(path.join(web, 'dist', `${file}.br`), zlib.brotliCompressSync(text));
  memberFiles[language] = `/${file}`;
  memberBytes += Buffer.byteLength(text);
}

if (html.includes('/*app-scripts*/ null')) throw new Error('write-copies: the app-scripts placeholder was not filled (vite.config.ts appScripts)');
fs.writeFileSync(indexFile, html.replace(marker, templates.join('\n    ')).replace(memberMarker, JSON.stringify(memberFiles)));
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `write-copies: the login page in ${languages.length} languages is in dist/index.html (${Buffer.byteLength(templates.join('')).toLocaleString('en-US')} bytes)`,
);
console.log(
  `write-copies: the member's home in ${languages.length} languages and 2 layouts is in dist/assets/member-paint-*.json (${memberBytes.toLocaleString('en-US')} bytes)`,
);
