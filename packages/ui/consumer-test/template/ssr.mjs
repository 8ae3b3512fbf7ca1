// Server-side rendering in plain Node, no DOM: importing @vault/ui must not touch `window` or
// `document`, and renderToString must produce the components' markup, forwarded props included.
// Prints one JSON line for run.mjs.
import { renderToString } from 'react-dom/server';

const before = { window: typeof window, document: typeof document };
const { Theme } = await import('@radix-ui/themes');
const { readiness, nudgeFor, guideCardsFor } = await import('@vault/domain');
const ui = await import('@vault/ui');
const { createElement: h } = await import('react');

const user = {
  id: 'user-1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'investor',
  crossmintWalletId: 'wallet-1',
  kycStatus: 'pending',
  firstOnrampOk: false,
};
const html = renderToString(
  h(
    Theme,
    null,
    h(ui.ReadinessCard, {
      readiness: readiness(user),
      onNavigate: () => {},
      className: 'ssr-readiness',
      'data-testid': 'ssr-readiness',
    }),
    h(ui.NudgeBanner, { nudge: nudgeFor(user), onAction: () => {}, onDismiss: () => {}, 'data-testid': 'ssr-nudge' }),
    h(ui.GuideCards, { cards: guideCardsFor({ user, isAdmin: false }), onNavigate: () => {}, id: 'ssr-guides' }),
    h(ui.CommandPalette, { open: false, onOpenChange: () => {}, sections: [], onSelect: () => {} }),
  ),
);
console.log(
  JSON.stringify({
    before,
    after: { window: typeof window, document: typeof document },
    exports: Object.keys(ui).length,
    bytes: html.length,
    has: {
      readiness: html.includes('Readiness Level') && html.includes('50%'),
      readinessProps: /<section[^>]*data-testid="ssr-readiness"/.test(html) && /class="[^"]*ssr-readiness/.test(html),
      nudge: html.includes('data-testid="ssr-nudge"') && html.includes('Next step'),
      guides: html.includes('id="ssr-guides"') && html.includes('Keep going'),
    },
  }),
);
