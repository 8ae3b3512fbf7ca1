// A consuming team's app: the package's CSS and Radix's, a <Theme>, one ReadinessCard.
import '@radix-ui/themes/styles.css';
import '@vault/ui/styles.css';
import { Theme } from '@radix-ui/themes';
import { readiness, type User } from '@vault/domain';
import { ReadinessCard } from '@vault/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Wallet created, KYC pending: two of four steps done (agreement always counts).
const user: User = {
  id: 'user-1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'investor',
  crossmintWalletId: 'wallet-1',
  kycStatus: 'pending',
  firstOnrampOk: false,
};

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <Theme>
      <ReadinessCard
        readiness={readiness(user)}
        onNavigate={(href) => {
          document.body.dataset.navigatedTo = href;
        }}
      />
    </Theme>
  </StrictMode>,
);
