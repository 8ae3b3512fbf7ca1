import { type StaffQueueLink, staffQueueLinks } from '@vault/domain';
import { useEffect, useState } from 'react';
import { useSessionStore } from '../../session/context';
import { callForOperator } from '../audit/pagedCall';

export type StaffQueues =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; links: readonly StaffQueueLink[] };

/** How much waits in each queue the signed-in staff member works (`staff_queues()`), as links. */
export function useStaffQueues(): StaffQueues {
  const store = useSessionStore();
  const [state, setState] = useState<StaffQueues>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void callForOperator(store, 'staff_queues', {}).then((answer) => {
      if (!live) return;
      if (!answer.ok) setState({ status: 'error', error: answer.error });
      else if (typeof answer.value !== 'object' || answer.value === null || Array.isArray(answer.value)) {
        setState({ status: 'error', error: 'The queues answered what this screen cannot read' });
      } else setState({ status: 'ready', links: staffQueueLinks(answer.value as Record<string, unknown>) });
    });
    return () => {
      live = false;
    };
  }, [store]);
  return state;
}
