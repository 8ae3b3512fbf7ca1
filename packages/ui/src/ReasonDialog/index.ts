export type { ReasonDialogChoiceProps, ReasonDialogProps } from './ReasonDialog';
export { ReasonDialog, ReasonDialogChoice } from './ReasonDialog';
