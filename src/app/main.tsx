import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { movePathIntoHash } from '../live/hash-location.ts';
import { prepareLocale } from '../live/locale.tsx';
import { startInspector } from '../lib/inspector.ts';
import '../ui/theme.css';

movePathIntoHash();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The root actors are created on the first render, so the inspector (dev only, `?inspect`) must be
// ready before it; so must the catalogue of a language other than English, so the first paint is in it.
// The first render is a transition: React renders it in slices, yielding to the browser between
// them, instead of one long task that keeps a phone from answering a tap (docs/perf.md).
void Promise.all([startInspector(window.location), prepareLocale()]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
