import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/providers';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const root = createRoot(container);
// Drawn as a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page: a tap or a scroll is answered while the app starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
});
