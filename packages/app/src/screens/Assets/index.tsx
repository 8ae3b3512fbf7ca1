import { Button, Flex } from '@radix-ui/themes';
import { assetStatusChoices, CONSOLE_NOTE_MAX_LENGTH, type ProductionAsset } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  ReasonDialog,
  ReasonDialogChoice,
  StatusBadge,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { useProductionAssets } from '../../data/productionAssets/queries';
import { type AssetStatusChoice, useSetAssetStatus } from '../../data/productionAssets/setAssetStatus';

const columns: readonly ConsoleTableColumn<ProductionAsset>[] = [
  { id: 'name', header: 'Asset', cell: (row) => row.name, primary: true },
  { id: 'value', header: 'Value', cell: (row) => row.value },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const otherStatus = (status: AssetStatusChoice): AssetStatusChoice =>
  status === 'Operational' ? 'Under Maintenance' : 'Operational';

const statusOptions = assetStatusChoices.map((status) => ({ value: status, label: status }));

/**
 * /assets (production_spv): the asset inventory (the `production_assets` table). Change status
 * (Operational / Under Maintenance, with a note) calls `set_asset_status`; the dialog stays open
 * with its note when the call fails. The inventory reads again after a change (the write
 * refreshes its query).
 */
export default function AssetsScreen() {
  const assets = useProductionAssets();
  const change = useSetAssetStatus();
  const action = useConsoleAction<'changeStatus'>();
  const [selectedName, setSelectedName] = useState<string | null>(null);
  // The status chosen in the dialog: it opens on the other one.
  const [target, setTarget] = useState<AssetStatusChoice>('Operational');
  const rows = assets.status === 'ready' ? assets.rows : [];
  const selected = rows.find((row) => row.name === selectedName) ?? null;

  const detail = selected ? (
    <DetailPanel
      title={selected.name}
      subtitle={<StatusBadge status={selected.status} />}
      fields={[
        { label: 'Value', value: selected.value },
        { label: 'Status', value: selected.status },
      ]}
      onClose={() => setSelectedName(null)}
      actions={
        <Button
          onClick={() => {
            setTarget(otherStatus(selected.status));
            action.open('changeStatus');
          }}
        >
          Change status
        </Button>
      }
    />
  ) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Assets"
        description="The production SPV's asset inventory and each asset's operating status."
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Asset inventory"
            captionHidden
            columns={columns}
            rows={rows}
            getRowId={(row) => row.name}
            selectedId={selectedName}
            onSelect={(row) => {
              setSelectedName(row.name);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Open ${row.name}`}
            empty="No assets"
            {...listStateProps(assets, 'The assets could not be loaded')}
          />
        }
        detail={detail}
      />
      {selected && action.dialog === 'changeStatus' ? (
        <ReasonDialog
          {...action.dialogProps('changeStatus')}
          title={`Change status of ${selected.name}`}
          description="The new status and its note are stored and recorded in the audit trail."
          reasonLabel="Note"
          requiredMessage="A note is required"
          confirmLabel="Change status"
          tone="accent"
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          onConfirm={(note) =>
            action.run('changeStatus', () => change(selected.name, target, note), `${selected.name} is now ${target}.`)
          }
        >
          <ReasonDialogChoice
            label="New status"
            options={statusOptions}
            value={target}
            onChange={setTarget}
            disabled={action.pending !== null}
          />
        </ReasonDialog>
      ) : null}
    </Flex>
  );
}
