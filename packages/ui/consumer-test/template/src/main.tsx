// A consuming team's app: the package's CSS and Radix's, then its own, a <Theme>, and four of our
// components given a ref, a className and a data-testid each (run.mjs checks they arrive).
import '@radix-ui/themes/styles.css';
import '@vault/ui/styles.css';
import './app.css';
import { Button, Theme } from '@radix-ui/themes';
import { guideCardsFor, nudgeFor, paletteFor, readiness, type Session, type User } from '@vault/domain';
import { CommandPalette, GuideCards, NudgeBanner, ReadinessCard } from '@vault/ui';
import { StrictMode, useState } from 'react';
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
const session: Session = { user, isAdmin: false };

/** What each ref received, by name, for the browser check: the element's tag name. */
function recordRef(name: string) {
  return (element: HTMLElement | null) => {
    if (element) document.body.dataset[`ref${name}`] = element.tagName;
  };
}

function App() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  return (
    <>
      <ReadinessCard
        ref={recordRef('Readiness')}
        className="consumer-readiness"
        data-testid="consumer-readiness"
        readiness={readiness(user)}
        onNavigate={(href) => {
          document.body.dataset.navigatedTo = href;
        }}
      />
      <NudgeBanner
        ref={recordRef('Nudge')}
        className="consumer-nudge"
        data-testid="consumer-nudge"
        nudge={nudgeFor(user)}
        onAction={() => {}}
        onDismiss={() => {}}
      />
      <GuideCards
        ref={recordRef('Guides')}
        className="consumer-guides"
        data-testid="consumer-guides"
        cards={guideCardsFor(session)}
        onNavigate={() => {}}
      />
      <Button onClick={() => setPaletteOpen(true)}>Open palette</Button>
      <CommandPalette
        ref={recordRef('Palette')}
        className="consumer-palette"
        data-testid="consumer-palette"
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        sections={paletteFor(session)}
        onSelect={() => {}}
      />
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <Theme>
      <App />
    </Theme>
  </StrictMode>,
);
