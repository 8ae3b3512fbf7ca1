import { messages, type User } from '@vault/domain';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { track } from '../../telemetry';

/**
 * docs/product.md §4: when firstOnrampOk turns true, 'Funded Member unlocked' appears and the telemetry
 * event fires, once per change (not on a page that opens already funded).
 */
export function useFundedMemberSignal(user: User): void {
  const previous = useRef(user.firstOnrampOk);
  useEffect(() => {
    const was = previous.current;
    previous.current = user.firstOnrampOk;
    if (!was && user.firstOnrampOk) {
      toast.success(messages.fundedMember);
      track({ type: 'funded-member', context: { userId: user.id } });
    }
  }, [user.firstOnrampOk, user.id]);
}
