import { useSession } from '../../session/SessionProvider';
import { setQueryScope } from './scope';

/** Keeps the query cache to the signed-in user's data; set during render, before any screen reads. */
export function QueryScope() {
  const { session } = useSession();
  setQueryScope(session.user?.id ?? '');
  return null;
}
