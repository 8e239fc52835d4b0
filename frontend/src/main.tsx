import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
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
