export type { ReasonDialogProps } from './ReasonDialog';
export { ReasonDialog } from './ReasonDialog';
