import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * Vault's design tokens as references to Radix Themes' CSS variables. Radix supplies the values
 * (light and dark, accent and gray scales), so there is no createGlobalTheme here: components read
 * `vars.*` and follow whatever <Theme> they are rendered in. A null token takes its path as the
 * variable name (e.g. space['3'] → var(--space-3)).
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      background: 'color-background',
      panel: 'color-panel-solid',
      surface: 'color-surface',
      overlay: 'color-overlay',
      text: 'gray-12',
      textMuted: 'gray-11',
      border: 'gray-a6',
      borderSubtle: 'gray-a4',
      subtle: 'gray-a2',
      hover: 'gray-a3',
      accent: 'accent-9',
      accentHover: 'accent-10',
      accentText: 'accent-11',
      accentContrast: 'accent-contrast',
      accentSoft: 'accent-a3',
      accentBorder: 'accent-a7',
      focus: 'focus-8',
      success: 'green-11',
      successSoft: 'green-a3',
      successSolid: 'green-9',
      warning: 'amber-11',
      /** Text on warningSoft: amber-11 falls short of 4.5:1 there, amber-12 does not. */
      warningText: 'amber-12',
      warningSoft: 'amber-a3',
      danger: 'red-11',
      dangerSoft: 'red-a3',
      info: 'blue-11',
      infoSoft: 'blue-a3',
    },
    space: { '1': null, '2': null, '3': null, '4': null, '5': null, '6': null, '7': null, '8': null, '9': null },
    radius: { '1': null, '2': null, '3': null, '4': null, '5': null, '6': null, full: null },
    fontSize: {
      '1': 'font-size-1',
      '2': 'font-size-2',
      '3': 'font-size-3',
      '4': 'font-size-4',
      '5': 'font-size-5',
      '6': 'font-size-6',
      '7': 'font-size-7',
      '8': 'font-size-8',
      '9': 'font-size-9',
    },
    lineHeight: {
      '1': 'line-height-1',
      '2': 'line-height-2',
      '3': 'line-height-3',
      '4': 'line-height-4',
      '5': 'line-height-5',
    },
    fontWeight: {
      regular: 'font-weight-regular',
      medium: 'font-weight-medium',
      bold: 'font-weight-bold',
    },
    font: { body: 'default-font-family', heading: 'heading-font-family' },
    shadow: { '1': null, '2': null, '3': null, '4': null, '5': null, '6': null },
  },
  (value: string | null, path: string[]) => value ?? path.join('-'),
);
