import { Text } from '@radix-ui/themes';
import { QueueLinks } from '@vault/ui';
import { useNavigate } from 'react-router-dom';
import { useStaffQueues } from '../../data/offerings/staffQueues';

/** A staff dashboard's lead: how much waits in each of the member's queues, each a link to it. */
export function StaffQueues() {
  const queues = useStaffQueues();
  const navigate = useNavigate();
  if (queues.status === 'loading') return null;
  if (queues.status === 'error') {
    return (
      <Text as="p" size="2" color="gray">
        The queues could not be counted: {queues.error}
      </Text>
    );
  }
  return <QueueLinks label="Your queues" links={queues.links} onNavigate={(href) => navigate(href)} />;
}
