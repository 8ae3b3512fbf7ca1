import { type Nudge, nudgeFor } from '@vault/domain';
import { NudgeBanner } from '@vault/ui';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { useNudgeDismissal } from '../../storage/nudges';
import { track } from '../../telemetry';

/** The investor's next-step nudge, with the per-page dismissal flag 'opportunities' (docs/product.md §3). */
export function OpportunitiesNudge() {
  const { session } = useSession();
  const navigate = useNavigate();
  const { dismissed, dismiss } = useNudgeDismissal('opportunities');
  const nudge = nudgeFor(session.user);
  if (dismissed || !nudge) return null;

  const onAction = (next: Nudge) => {
    track({ type: 'click:cta', context: { step: next.step, page: 'opportunities' } });
    navigate(next.target);
  };

  return <NudgeBanner nudge={nudge} onAction={onAction} onDismiss={dismiss} />;
}
