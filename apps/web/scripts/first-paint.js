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

if (html.includes('/*app-scripts*/ null')) throw new Error('first-paint: the app-scripts placeholder was not filled (vite.config.ts appScripts)');
fs.writeFileSync(indexFile, html.replace(marker, templates.join('\n    ')));
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`first-paint: the login page in ${languages.length} languages is in dist/index.html (${Buffer.byteLength(templates.join('')).toLocaleString('en-US')} bytes)`);
