import { routeFor, type ScreenKey } from '@vault/domain';
import { ComingSoon } from '@vault/ui';
import { useNavigate } from 'react-router-dom';

/** The coming-soon routes of SPEC.md 2 (/support, /compliance, /reports…): the route title and a way on. */
export function ComingSoonScreen({ screen, title }: { screen: ScreenKey; title?: string }) {
  const navigate = useNavigate();
  return (
    <ComingSoon
      title={title ?? routeFor(screen).title}
      action={{ label: 'Go to Dashboard', onClick: () => navigate('/dashboard') }}
    />
  );
}
