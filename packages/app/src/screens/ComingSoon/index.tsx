import { hrefFor, matchRoute } from '@vault/domain';
import { ComingSoon } from '@vault/ui';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The one screen of every route flagged `comingSoon` in the route table (/support, /compliance,
 * /reports…, docs/product.md §2): the route's title and a way on.
 */
export default function ComingSoonScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ComingSoon
      title={matchRoute(pathname)?.route.title ?? 'Coming soon'}
      action={{ label: 'Go to Dashboard', onClick: () => navigate(hrefFor('dashboard')) }}
    />
  );
}
