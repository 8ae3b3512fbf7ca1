import { Badge, Flex } from '@radix-ui/themes';
import { roleLabel } from '@vault/domain';
import { DataTable, type DataTableColumn, PageHeader } from '@vault/ui';
import type { PlatformUser } from '../../backend/schemas';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useMembers } from '../../data/members/queries';
import { formatDate } from '../../display/dates';

const statusColors: Record<PlatformUser['status'], 'teal' | 'amber' | 'red'> = {
  Active: 'teal',
  Pending: 'amber',
  Suspended: 'red',
};

const columns: readonly DataTableColumn<PlatformUser>[] = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'role', header: 'Role', render: (row) => roleLabel(row.role) },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <Badge color={statusColors[row.status]} variant="soft" highContrast radius="full">
        {row.status}
      </Badge>
    ),
  },
  { key: 'joined', header: 'Joined', render: (row) => <time dateTime={row.joined}>{formatDate(row.joined)}</time> },
];

/** /users (mfo_admin): the platform's members and administrators, from the 'members' view (docs/backend.md). */
export default function UsersScreen() {
  const users = useMembers();
  return (
    <Flex direction="column" gap="5">
      <PageHeader title="Users" description="Members and administrators of the platform, with their role and status." />
      <Section title="All users">
        <TableData state={users} what="users" emptyTitle="No users yet">
          {(rows) => <DataTable caption="Platform users" columns={columns} rows={rows} getRowKey={(row) => row.id} />}
        </TableData>
      </Section>
    </Flex>
  );
}
