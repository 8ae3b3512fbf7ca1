// Floor B: the stack Vault is built on (React, react-router-dom's data router, Radix Themes with
// its stylesheet as Radix documents it) rendering one button. Separates what the stack costs from
// what Vault adds on top.
import '@radix-ui/themes/styles.css';
import { Button, Theme } from '@radix-ui/themes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

function Floor() {
  return (
    <main>
      <h1>Vault floor</h1>
      <Button>Continue</Button>
    </main>
  );
}

// Every path renders the same page, so the benchmark can load it under any app path.
const router = createBrowserRouter([{ path: '*', element: <Floor /> }]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Theme>
        <RouterProvider router={router} />
      </Theme>
    </StrictMode>,
  );
}
