import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/providers';
import { afterFirstContentfulPaint } from '@/lib/first-contentful-paint';
import { holdRequests } from '@/lib/api-client';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const root = createRoot(container);
// The first screen is painted before the app asks for its data (decision 0044).
afterFirstContentfulPaint(holdRequests());
// Drawn as a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page: a tap or a scroll is answered while the app starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
});
