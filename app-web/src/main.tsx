// First: the schema library's settings hold before any schema is built.
import './app/zod-jitless';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition lets React yield to the browser while it builds the first page (no long task that
// holds back input: Lighthouse's total blocking time).
startTransition(() => createRoot(root).render(<App />));
