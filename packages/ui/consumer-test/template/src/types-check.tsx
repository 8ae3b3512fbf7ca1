// Type-checked with tsc --strict only (never bundled): the published declarations must describe
// the component's real props, so correct use compiles and wrong use is an error.
import { readiness, type User } from '@vault/domain';
import {
  CommandPalette,
  type CommandPaletteProps,
  ConsoleTable,
  type ConsoleTableColumn,
  CsvExportButton,
  GuideCards,
  type GuideCardsProps,
  ReadinessCard,
  type ReadinessCardProps,
  ReasonDialog,
  StatusBadge,
  toCsv,
} from '@vault/ui';
import { createRef } from 'react';

const user: User = {
  id: 'u',
  name: 'N',
  email: 'n@example.com',
  role: 'investor',
  kycStatus: 'approved',
  firstOnrampOk: true,
};

const props: ReadinessCardProps = {
  readiness: readiness(user),
  onNavigate: (href: string) => console.log(href),
};

export const ok = <ReadinessCard {...props} headingLevel={3} />;

// The root element's native props: ref (React 19), className, style, id, data-*, aria-*, handlers.
const sectionRef = createRef<HTMLElement>();
export const native = (
  <ReadinessCard
    {...props}
    ref={sectionRef}
    className="mine"
    style={{ maxWidth: 480 }}
    id="readiness"
    data-testid="readiness"
    aria-describedby="help"
    onMouseEnter={(event) => event.currentTarget.scrollIntoView()}
  />
);
const listRef = createRef<HTMLUListElement>();
const guides: GuideCardsProps = { cards: [], onNavigate: () => {}, ref: listRef, className: 'mine' };
export const guideCards = <GuideCards {...guides} />;
const palette: CommandPaletteProps = {
  open: true,
  onOpenChange: () => {},
  sections: [],
  onSelect: (entry) => console.log(entry.id),
  ref: createRef<HTMLDialogElement>(),
  'aria-describedby': undefined,
};
export const commandPalette = <CommandPalette {...palette} />;

// @ts-expect-error: `readiness` is required; if the types were `any`, this line would not error.
export const missingProp = <ReadinessCard onNavigate={() => {}} />;

// @ts-expect-error: headingLevel is 2, 3 or 4.
export const wrongLevel = <ReadinessCard {...props} headingLevel={7} />;

// @ts-expect-error: not a prop of the component nor an attribute of <section>.
export const unknownProp = <ReadinessCard {...props} notAProp="x" />;

// The console parts: a generic table over typed rows, and an export from rows or from a source.
interface Review {
  id: string;
  name: string;
}
const reviewColumns: ConsoleTableColumn<Review>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, primary: true },
];
export const consoleTable = (
  <ConsoleTable<Review>
    caption="KYC reviews"
    columns={reviewColumns}
    rows={[{ id: '1', name: 'Ada' }]}
    getRowId={(row) => row.id}
    onSelect={(row) => console.log(row.name)}
    hasMore
    onLoadMore={() => {}}
  />
);
export const exportRows = (
  <CsvExportButton<Review> filename="r.csv" rows={[]} columns={[{ header: 'name', value: (row) => row.name }]} />
);
export const exportSource = <CsvExportButton filename="r.csv" getCsv={() => toCsv(['a'], [[1]])} rowCount={1} />;
export const reasonDialog = (
  <ReasonDialog
    open
    title="Reject"
    confirmLabel="Reject"
    onCancel={() => {}}
    onConfirm={(reason) => console.log(reason)}
  />
);
export const badge = <StatusBadge status="resubmission_requested" />;

// @ts-expect-error: a row's field that does not exist is an error, so the rows are really typed.
export const wrongCell: ConsoleTableColumn<Review> = { id: 'x', header: 'X', cell: (row) => row.email };

// @ts-expect-error: an export takes rows with columns or getCsv, not both.
export const bothSources = <CsvExportButton<Review> filename="r.csv" rows={[]} columns={[]} getCsv={() => ''} />;
