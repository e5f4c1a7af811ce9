/**
 * The studio's page (studio/server.ts serves it as /studio.js, built by studio/ui-build.ts): the
 * operator's language (Chinese unless English was picked on this computer) and the one client every
 * question to the studio goes through (TanStack Query) around the page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { savedLang, saveLang, wordsFor, WordsContext, type Lang } from './words';
import './style.css';

const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

function Root() {
  const [lang, setLang] = useState<Lang>(() => savedLang());
  const words = useMemo(() => wordsFor(lang), [lang]);
  const pick = (l: Lang) => {
    saveLang(l);
    setLang(l);
    document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
  };
  return (
    <QueryClientProvider client={client}>
      <WordsContext.Provider value={words}>
        <App lang={lang} setLang={pick} />
      </WordsContext.Provider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Root />);
