// Floor A: the least a React 19 page can ship. The benchmark divides every app figure by this
// page's figure from the same run, so machine speed and drift cancel out.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Floor() {
  return <h1>Vault floor</h1>;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Floor />
    </StrictMode>,
  );
}
