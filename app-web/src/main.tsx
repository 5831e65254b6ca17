// First: the schema library's settings hold before any schema is built.
import './app/zod-jitless';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(<App />);
