import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Root } from './routes/Root';
import { routeTable } from './routes/table';
import { ErrorPage } from './pages/NotFound';
import { takeHandedTokens } from './api/handoff';
import { chooseSite, isMobileHost } from './routes/site';
import { mobileHostRoutes } from './routes/mobile-host';
import './ui/tokens.css';
import './styles.css';
import './ui/kit.css';

// A session token handed over in the URL leaves the address bar before the router reads it.
takeHandedTokens();
// A phone lands on the mobile site before the first paint (and a wide window on the desktop one).
chooseSite();

const routes = isMobileHost(window.location.hostname) ? mobileHostRoutes(routeTable) : routeTable;
const router = createBrowserRouter([{ element: <Root />, errorElement: <ErrorPage />, children: routes }]);

window.addEventListener('error', (e) => console.error('[ui]', e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => console.error('[ui]', e.reason));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
