import { Button, Flex, Text } from '@radix-ui/themes';
import { assetStatusChoices, type ProductionAsset } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  ReasonDialog,
  StatusBadge,
} from '@vault/ui';
import { useId, useState } from 'react';
import { type AssetStatusChoice, useSetAssetStatus } from '../../data/assets/setAssetStatus';
import { useProductionAssets } from '../../data/productionAssets/queries';

const columns: readonly ConsoleTableColumn<ProductionAsset>[] = [
  { id: 'name', header: 'Asset', cell: (row) => row.name, primary: true },
  { id: 'value', header: 'Value', cell: (row) => row.value },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const otherStatus = (status: AssetStatusChoice): AssetStatusChoice =>
  status === 'Operational' ? 'Under Maintenance' : 'Operational';

/**
 * /assets (production_spv): the asset inventory (the `production_assets` table). Change status
 * (Operational / Under Maintenance, with a note) calls `set_asset_status`; the dialog stays open
 * with its note when the call fails.
 */
export default function AssetsScreen() {
  const assets = useProductionAssets();
  const change = useSetAssetStatus();
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [target, setTarget] = useState<AssetStatusChoice | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const statusId = useId();
  const rows = assets.status === 'ready' ? assets.rows : [];
  const selected = rows.find((row) => row.name === selectedName) ?? null;

  async function submit(asset: ProductionAsset, status: AssetStatusChoice, note: string) {
    setPending(true);
    setError(null);
    const answer = await change(asset.name, status, note);
    setPending(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setDone(`${asset.name} is now ${status}.`);
    setTarget(null);
  }

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
            setError(null);
            setTarget(otherStatus(selected.status));
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
      {done ? (
        <Text as="p" role="status" size="2" color="teal">
          {done}
        </Text>
      ) : null}
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
              setDone(null);
            }}
            rowActionLabel={(row) => `Open ${row.name}`}
            loading={assets.status === 'loading'}
            empty="No assets"
            error={assets.status === 'error' ? `The assets could not be loaded: ${assets.error}` : undefined}
            onRetry={assets.retry}
          />
        }
        detail={detail}
      />
      {selected && target ? (
        <ReasonDialog
          open
          title={`Change status of ${selected.name}`}
          description={
            <Text as="span" size="2">
              <label htmlFor={statusId}>New status </label>
              {/* The height of Radix's size-2 controls (32 px): a tap target well over the 24 px minimum. */}
              <select
                id={statusId}
                style={{ minHeight: 'var(--space-6)', font: 'inherit' }}
                value={target}
                onChange={(event) => {
                  const chosen = assetStatusChoices.find((s) => s === event.currentTarget.value);
                  if (chosen) setTarget(chosen);
                }}
              >
                {assetStatusChoices.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </Text>
          }
          reasonLabel="Note"
          requiredMessage="A note is required"
          confirmLabel="Change status"
          tone="accent"
          maxLength={500}
          pending={pending}
          error={error ?? undefined}
          onCancel={() => {
            setTarget(null);
            setError(null);
          }}
          onConfirm={(note) => submit(selected, target, note)}
        />
      ) : null}
    </Flex>
  );
}
