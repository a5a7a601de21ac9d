import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Declarative routing (BrowserRouter): the data router would add about 16 KB gzip to every page.
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
