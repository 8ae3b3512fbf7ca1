import { messages, type User } from '@vault/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { track } from '../../telemetry';

/** The query the payment provider's checkout adds when it sends the member back (docs/backend.md "Payments"). */
const RETURN_PARAM = 'onramp';

/**
 * docs/product.md §4: when firstOnrampOk turns true, 'Funded Member unlocked' appears and the telemetry
 * event fires, once per change (not on a page that opens already funded). A page opened by the
 * checkout's return (`?onramp=success`) is where the change arrives: the payment settled while the
 * member was at the provider. The return query is then dropped, so a reload does not announce it again.
 */
export function useFundedMemberSignal(user: User): void {
  const [search, setSearch] = useSearchParams();
  const returned = search.get(RETURN_PARAM) === 'success';
  const previous = useRef(returned ? false : user.firstOnrampOk);
  useEffect(() => {
    const was = previous.current;
    previous.current = user.firstOnrampOk;
    if (!was && user.firstOnrampOk) {
      toast.success(messages.fundedMember);
      track({ type: 'funded-member', context: { userId: user.id } });
    }
  }, [user.firstOnrampOk, user.id]);
  useEffect(() => {
    if (!returned || !user.firstOnrampOk) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RETURN_PARAM);
        next.delete('session_id');
        return next;
      },
      { replace: true },
    );
  }, [returned, user.firstOnrampOk, setSearch]);
}
