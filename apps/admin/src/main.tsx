import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messages, type AdminLanguage } from './messages.ts';
import './styles.css';

function currentLanguage(): AdminLanguage {
  const stored = sessionStorage.getItem('lang');
  return stored && stored in messages ? (stored as AdminLanguage) : 'zh-CN';
}

const lang = currentLanguage();
document.documentElement.lang = lang;

function App() {
  const t = messages[lang];
  return (
    <main className="shell">
      <h1>{t.title}</h1>
      <p>{t.note}</p>
      <a href="/">{t.portal}</a>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
