// Only the CSS a page uses: Mantine's global styles here, each component's styles imported by the modules
import '@mantine/core/styles/global.layer.css';
// the bases other components are drawn on, first and once, in Mantine's own order
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/baseline.layer.css';
// that use it (so a route's chunk brings its own), all in Mantine's cascade layer so the app's styles win
// whatever order the chunks load in. The admin loads the whole library in its own chunk.
import '@mantine/core/styles/default-css-variables.layer.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders origin={window.location.origin}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The service worker and the offline notices, after the page has loaded, in a chunk of their own (docs/offline.md).
if (import.meta.env.PROD) addEventListener('load', () => import('./lib/pwa/start'));
