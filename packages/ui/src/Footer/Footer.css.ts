import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['2'],
});

export const copyright = style({ margin: 0 });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const linkBase = {
  // At least 24 px tall: a tap target on a phone (WCAG 2.5.8).
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 24,
  fontFamily: 'inherit',
  fontSize: 'inherit',
  borderRadius: vars.radius['1'],
} as const;

export const link = style({
  ...linkBase,
  color: vars.color.accentText,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

/** A placeholder: reads as plain text with a note, not as a working link. */
export const placeholder = style({
  ...linkBase,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.textMuted,
  cursor: 'default',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const note = style({ fontSize: vars.fontSize['1'] });
