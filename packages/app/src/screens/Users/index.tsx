import { Button, Checkbox, Dialog, Flex, Text } from '@radix-ui/themes';
import {
  MemberReadinessSchema,
  memberReadinessLabels,
  memberReadinessValues,
  type Role,
  roleIds,
  roleLabel,
} from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  FilterBar,
  type FilterBarFilter,
  MoneyText,
  PageHeader,
  StatusBadge,
} from '@vault/ui';
import { useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { useMemberDetail } from '../../data/members/memberDetail';
import { type Member, type MemberFilters, noMemberFilters, useMembers } from '../../data/members/members';
import { useSetMemberRole } from '../../data/members/setMemberRole';
import { formatDate, formatDateTime } from '../../display/dates';
import { useSession } from '../../session/SessionProvider';

const columns: readonly ConsoleTableColumn<Member>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, primary: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'role', header: 'Role', cell: (row) => roleLabel(row.role) },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status.toLowerCase()} /> },
  { id: 'joined', header: 'Joined', cell: (row) => <time dateTime={row.joined}>{formatDate(row.joined)}</time> },
];

const roleOptions = roleIds.map((role) => ({ value: role, label: roleLabel(role) }));
/** The readiness filter: the gate's step a member still needs, or ready (the domain's rule). */
const readinessOptions = memberReadinessValues.map((step) => ({ value: step, label: memberReadinessLabels[step] }));

/** The search waits this long after the last keystroke before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const yesNo = (done: boolean, yes: string, no: string) => (
  <StatusBadge status={done ? 'approved' : 'pending'} label={done ? yes : no} />
);

/**
 * /users (mfo_admin): every member, searched by name or email and filtered by role and readiness
 * on the server (`list_members`, keyset paged). A member's detail (`member_detail`) shows readiness, KYC,
 * wallet and investments; Change role calls `set_member_role`, never on one's own account.
 */
export default function UsersScreen() {
  const { session } = useSession();
  const [filters, setFilters] = useState<MemberFilters>(noMemberFilters);
  const [typed, setTyped] = useState('');
  const action = useConsoleAction<'changeRole'>();
  const version = action.version;
  const members = useMembers(filters, version);
  const setMemberRole = useSetMemberRole();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = members.rows.find((row) => row.id === selectedId) ?? null;

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.search === typed ? f : { ...f, search: typed })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);

  const filterFields: readonly FilterBarFilter[] = [
    {
      kind: 'search',
      id: 'search',
      label: 'Name or email',
      value: typed,
      placeholder: 'Search members',
      onChange: setTyped,
    },
    {
      kind: 'select',
      id: 'role',
      label: 'Role',
      value: filters.role,
      options: roleOptions,
      allLabel: 'All roles',
      onChange: (role) =>
        setFilters((f) => ({ ...f, role: (roleIds as readonly string[]).includes(role) ? (role as Role) : '' })),
    },
    {
      kind: 'select',
      id: 'readiness',
      label: 'Readiness',
      value: filters.readiness,
      options: readinessOptions,
      allLabel: 'Any readiness',
      onChange: (step) => {
        const parsed = v.safeParse(MemberReadinessSchema, step);
        setFilters((f) => ({ ...f, readiness: parsed.success ? parsed.output : '' }));
      },
    },
  ];

  return (
    <Flex direction="column" gap="5">
      <PageHeader title="Users" description="Members and administrators of the platform, with their role and status." />
      <FilterBar
        label="Filter users"
        filters={filterFields}
        onSubmit={() => setFilters((f) => ({ ...f, search: typed }))}
        onClear={() => {
          setTyped('');
          setFilters(noMemberFilters);
        }}
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Platform users"
            captionHidden
            columns={columns}
            rows={members.rows}
            getRowId={(row) => row.id}
            selectedId={selectedId}
            onSelect={(row) => {
              setSelectedId(row.id);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Open ${row.name}`}
            empty="No users match"
            {...listStateProps(members, 'The users could not be loaded')}
          />
        }
        detail={
          selected ? (
            <MemberPanel
              member={selected}
              isSelf={selected.id === session.user?.id}
              version={version}
              onClose={() => setSelectedId(null)}
              onChangeRole={() => action.open('changeRole')}
            />
          ) : undefined
        }
      />
      <ActionError message={members.moreError && `More users could not be loaded: ${members.moreError}`} />
      {selected && action.dialog === 'changeRole' ? (
        <ChangeRoleDialog
          member={selected}
          pending={action.pending === 'changeRole'}
          error={action.error}
          onCancel={action.close}
          onSubmit={(role, isAdmin) =>
            void action.run(
              'changeRole',
              () => setMemberRole(selected.id, role, isAdmin),
              `${selected.name} is now ${roleLabel(role)}${isAdmin ? ' with the admin flag' : ''}. Their next sign-in carries it.`,
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function MemberPanel({
  member,
  isSelf,
  version,
  onClose,
  onChangeRole,
}: {
  member: Member;
  isSelf: boolean;
  version: number;
  onClose: () => void;
  onChangeRole: () => void;
}) {
  const detail = useMemberDetail(member.id, version);
  const selfNoteId = useId();
  const d = detail.status === 'ready' ? detail.detail : null;
  const fields = d
    ? [
        { label: 'Role', value: `${roleLabel(d.role)}${d.is_admin ? ' (admin)' : ''}` },
        {
          label: 'Readiness',
          value: d.readiness.ready ? (
            <StatusBadge status="approved" label="Ready to invest" />
          ) : (
            <Flex gap="1" wrap="wrap">
              {yesNo(d.readiness.wallet, 'Wallet', 'No wallet')}
              {yesNo(d.readiness.kyc, 'KYC', 'KYC not approved')}
              {yesNo(d.readiness.first_onramp, 'First on-ramp', 'No on-ramp')}
            </Flex>
          ),
        },
        {
          label: 'KYC',
          value: (
            <>
              <StatusBadge status={d.kyc.status} />
              {d.kyc.reason ? ` ${d.kyc.reason}` : ''}
              {d.kyc.decided_at ? ` · decided ${formatDateTime(d.kyc.decided_at)}` : ''}
            </>
          ),
        },
        { label: 'Wallet', value: d.wallet.id ?? 'None yet' },
        { label: 'Joined', value: d.joined ? formatDate(d.joined) : '—' },
      ]
    : [{ label: 'Email', value: member.email }];
  return (
    <DetailPanel
      title={member.name}
      subtitle={member.email}
      fields={fields}
      onClose={onClose}
      actions={
        <Flex direction="column" gap="1">
          <Button onClick={onChangeRole} disabled={isSelf || !d} aria-describedby={isSelf ? selfNoteId : undefined}>
            Change role
          </Button>
          {isSelf ? (
            <Text as="p" size="1" color="gray" id={selfNoteId}>
              This is your own account: another administrator changes your role.
            </Text>
          ) : null}
        </Flex>
      }
    >
      {detail.status === 'loading' ? (
        <Text as="p" size="2" color="gray" role="status">
          Loading the member’s detail…
        </Text>
      ) : detail.status === 'error' ? (
        <Text as="p" size="2" color="red" role="alert">
          The member’s detail could not be loaded: {detail.error}
        </Text>
      ) : d ? (
        <Flex direction="column" gap="1">
          <Text as="p" size="2" weight="medium">
            Investments
          </Text>
          {d.investments.length === 0 ? (
            <Text as="p" size="2" color="gray">
              No investments yet
            </Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
              {d.investments.map((i) => (
                <li key={i.id}>
                  <Text size="2">
                    {i.opportunity_name}: <MoneyText cents={i.amount_cents} /> · <StatusBadge status={i.status} />
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      ) : null}
    </DetailPanel>
  );
}

/** The Change role dialog: its choices stay as picked while a refused call's error shows. */
function ChangeRoleDialog({
  member,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  member: Member;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (role: Role, isAdmin: boolean) => void;
}) {
  const [role, setRole] = useState<Role>(member.role);
  const [isAdmin, setIsAdmin] = useState(false);
  const selectId = useId();

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Content maxWidth="28rem">
        <Dialog.Title>Change role of {member.name}</Dialog.Title>
        <Dialog.Description size="2">
          The change is recorded in the audit trail; the member’s next sign-in carries the new role.
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(role, isAdmin);
          }}
        >
          <Flex direction="column" gap="3" mt="3">
            <label htmlFor={selectId}>
              <Text size="2" weight="medium">
                New role
              </Text>
            </label>
            <select
              id={selectId}
              value={role}
              onChange={(event) => {
                const next = roleIds.find((r) => r === event.target.value);
                if (next) setRole(next);
              }}
              style={{ minHeight: '2.25rem', font: 'inherit' }}
            >
              {roleOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {/* At least 24 px high: the label is the checkbox's tap target (WCAG 2.5.8). */}
            <Text as="label" size="2" style={{ display: 'block', minHeight: 24 }}>
              <Flex gap="2" align="center" minHeight="24px">
                <Checkbox checked={isAdmin} onCheckedChange={(checked) => setIsAdmin(checked === true)} />
                Administrator (the admin flag opens every console)
              </Flex>
            </Text>
            {error ? (
              <Text as="p" role="alert" color="red" size="2">
                {error}
              </Text>
            ) : null}
            <Flex gap="3" justify="end" wrap="wrap">
              <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                Change role
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
