import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** The centred panel of EmptyState, ErrorState and ComingSoon: icon disc, title, text, action. */
export const statePanel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['7'],
  paddingInline: vars.space['5'],
  textAlign: 'center',
});

const iconDisc = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.space['8'],
  height: vars.space['8'],
  borderRadius: '50%',
});

/** The icon disc, in the panel's tone. */
export const statePanelIcon = styleVariants({
  accent: [iconDisc, { backgroundColor: vars.color.accentSoft, color: vars.color.accentText }],
  muted: [iconDisc, { backgroundColor: vars.color.hover, color: vars.color.textMuted }],
  danger: [iconDisc, { backgroundColor: vars.color.dangerSoft, color: vars.color.danger }],
});

/** Short lines read better than a full-width paragraph. */
export const statePanelText = style({
  maxWidth: '42ch',
});
