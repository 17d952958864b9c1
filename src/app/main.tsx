import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startInspector } from '../lib/inspector.ts';
import '../ui/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The root actors are created on the first render, so the inspector (dev only, `?inspect`) must be
// ready before it.
void startInspector(window.location).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
