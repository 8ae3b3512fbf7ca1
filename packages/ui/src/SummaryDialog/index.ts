export type { SummaryDialogField, SummaryDialogProps } from './SummaryDialog';
export { SummaryDialog } from './SummaryDialog';
