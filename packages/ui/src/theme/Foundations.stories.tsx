import { Theme } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { expect, within } from 'storybook/test';
import { vars } from './contract.css';

/**
 * The design tokens, rendered from the theme contract itself (`vars` in contract.css.ts): every
 * row below is a key of the contract, so a token added, renamed or removed shows here at once.
 * Light and dark side by side; colour contrast is measured in the browser from the computed
 * colours, not copied from a table.
 */
const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'padded' },
  tags: ['!autodocs'],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

type Rgb = [number, number, number];

/** The sRGB colour a CSS colour paints over `under` (alpha and display-p3 resolved by a canvas). */
function paint(color: string, under = 'white'): Rgb {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d');
  if (!context) return [0, 0, 0];
  context.fillStyle = under;
  context.fillRect(0, 0, 1, 1);
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A token's variable name, e.g. `var(--gray-12)` → `--gray-12`. */
const variableOf = (token: string) => token.replace(/^var\((--[^),]+).*$/, '$1');

function Side({ appearance, children }: { appearance: 'light' | 'dark'; children: ReactNode }) {
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" hasBackground>
      <section
        aria-label={appearance === 'light' ? 'Light' : 'Dark'}
        style={{ padding: vars.space['4'], borderRadius: vars.radius['3'], minWidth: 0 }}
      >
        <h2 style={{ margin: 0, marginBottom: vars.space['3'], fontSize: vars.fontSize['4'] }}>
          {appearance === 'light' ? 'Light' : 'Dark'}
        </h2>
        {children}
      </section>
    </Theme>
  );
}

function SideBySide({ children }: { children: (appearance: 'light' | 'dark') => ReactNode }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: 16 }}>
      <Side appearance="light">{children('light')}</Side>
      <Side appearance="dark">{children('dark')}</Side>
    </div>
  );
}

const colorNames = Object.keys(vars.color) as (keyof typeof vars.color)[];
/** Background tokens: every other colour is measured against the page background. */
const backgrounds = new Set<string>(['background', 'panel', 'surface', 'overlay']);

function ColourRows() {
  const table = useRef<HTMLTableElement>(null);
  const [ratios, setRatios] = useState<Record<string, number>>({});
  useLayoutEffect(() => {
    const root = table.current;
    if (!root) return;
    const page = getComputedStyle(root).getPropertyValue('--color-background').trim() || 'white';
    const base = paint(page);
    const next: Record<string, number> = {};
    for (const name of colorNames) {
      const value = getComputedStyle(root).getPropertyValue(variableOf(vars.color[name])).trim();
      next[name] = contrast(paint(value, page), base);
    }
    setRatios(next);
  }, []);
  return (
    <table ref={table} style={{ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize['2'] }}>
      <thead>
        <tr>
          <th style={{ textAlign: 'left' }}>Token</th>
          <th style={{ textAlign: 'left' }}>Swatch</th>
          <th style={{ textAlign: 'right' }}>Contrast on background</th>
        </tr>
      </thead>
      <tbody>
        {colorNames.map((name) => {
          const ratio = ratios[name];
          return (
            <tr key={name} data-token={name}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: vars.fontWeight.regular, paddingBlock: 4 }}>
                <code>color.{name}</code>
                <br />
                <span style={{ color: vars.color.textMuted, fontSize: vars.fontSize['1'] }}>
                  {variableOf(vars.color[name])}
                </span>
              </th>
              <td>
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: 48,
                    height: 24,
                    borderRadius: vars.radius['2'],
                    border: `1px solid ${vars.color.border}`,
                    background: vars.color[name],
                  }}
                />
              </td>
              <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-ratio={ratio?.toFixed(2)}>
                {backgrounds.has(name) || ratio === undefined
                  ? '—'
                  : `${ratio.toFixed(2)}:1 ${ratio >= 4.5 ? 'AA text' : ratio >= 3 ? 'AA large / UI' : 'decorative'}`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Every colour of the contract, its Radix variable, and its contrast on the page background. */
export const Colours: Story = {
  render: () => <SideBySide>{() => <ColourRows />}</SideBySide>,
  play: async ({ canvasElement }) => {
    for (const side of ['Light', 'Dark']) {
      const region = within(within(canvasElement).getByRole('region', { name: side }));
      // One row per token of the contract.
      await expect(region.getAllByRole('row')).toHaveLength(colorNames.length + 1);
      // Body and muted text pass WCAG AA (4.5:1) on the page background in both appearances.
      for (const name of ['text', 'textMuted', 'accentText', 'danger', 'success']) {
        const cell = canvasElement
          .querySelector(`section[aria-label="${side}"] tr[data-token="${name}"] td[data-ratio]`)
          ?.getAttribute('data-ratio');
        await expect(Number(cell)).toBeGreaterThanOrEqual(4.5);
      }
    }
  },
};

function Scale<K extends string>({
  tokens,
  render,
}: {
  tokens: Record<K, string>;
  render: (value: string) => ReactNode;
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      {(Object.keys(tokens) as K[]).map((key) => (
        <li key={key} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, minWidth: 0 }}>
          <code style={{ flex: 'none', width: '11ch' }}>{key}</code>
          <span style={{ flex: 'none', width: '16ch', color: vars.color.textMuted, fontSize: vars.fontSize['1'] }}>
            {variableOf(tokens[key])}
          </span>
          {render(tokens[key])}
        </li>
      ))}
    </ul>
  );
}

/** A token's sample tile, marked with its kind for the plays; decorative (the row names the token). */
function Sample({ kind, style }: { kind: 'space' | 'radius' | 'shadow'; style: CSSProperties }) {
  return <span aria-hidden="true" data-sample={kind} style={{ display: 'inline-block', ...style }} />;
}

/** The elements of the light side that match a selector. */
function lightSide(canvasElement: HTMLElement, selector: string): HTMLElement[] {
  return [...canvasElement.querySelectorAll<HTMLElement>(`section[aria-label="Light"] ${selector}`)];
}

/** A scale grows: each step larger than the one before. */
async function expectGrowing(values: number[]): Promise<void> {
  for (let i = 1; i < values.length; i += 1) await expect(values[i]).toBeGreaterThan(values[i - 1] ?? 0);
}

/** Space 1–9: the gaps and paddings every component uses. */
export const Space: Story = {
  render: () => (
    <SideBySide>
      {() => (
        <Scale
          tokens={vars.space}
          render={(value) => (
            <Sample kind="space" style={{ height: 12, width: value, background: vars.color.accent }} />
          )}
        />
      )}
    </SideBySide>
  ),
  play: async ({ canvasElement }) => {
    const bars = lightSide(canvasElement, '[data-sample="space"]');
    await expect(bars).toHaveLength(Object.keys(vars.space).length);
    // The scale grows: each step wider than the one before.
    await expectGrowing(bars.map((bar) => bar.getBoundingClientRect().width));
  },
};

/** Type scale 1–9 (font sizes) with the body font, and the three weights. */
export const TypeScale: Story = {
  name: 'Type scale',
  render: () => (
    <SideBySide>
      {() => (
        <>
          <Scale
            tokens={vars.fontSize}
            render={(value) => (
              <span data-font-size style={{ fontSize: value, lineHeight: 1.2 }}>
                Readiness
              </span>
            )}
          />
          <Scale tokens={vars.fontWeight} render={(value) => <span style={{ fontWeight: value }}>Complete KYC</span>} />
        </>
      )}
    </SideBySide>
  ),
  play: async ({ canvasElement }) => {
    const samples = lightSide(canvasElement, '[data-font-size]');
    await expect(samples).toHaveLength(Object.keys(vars.fontSize).length);
    await expectGrowing(samples.map((sample) => Number.parseFloat(getComputedStyle(sample).fontSize)));
  },
};

/** Radius 1–6 and full, and shadows 1–6, on a panel-coloured tile. */
export const RadiusAndShadows: Story = {
  name: 'Radius and shadows',
  render: () => (
    <SideBySide>
      {() => (
        <>
          <Scale
            tokens={vars.radius}
            render={(value) => (
              <Sample
                kind="radius"
                style={{ width: 48, height: 32, borderRadius: value, border: `2px solid ${vars.color.accent}` }}
              />
            )}
          />
          <div style={{ height: 16 }} />
          <Scale
            tokens={vars.shadow}
            render={(value) => (
              <Sample
                kind="shadow"
                style={{
                  width: 64,
                  height: 32,
                  margin: 8,
                  borderRadius: vars.radius['3'],
                  background: vars.color.panel,
                  boxShadow: value,
                }}
              />
            )}
          />
        </>
      )}
    </SideBySide>
  ),
  play: async ({ canvasElement }) => {
    await expect(lightSide(canvasElement, '[data-sample="radius"]')).toHaveLength(Object.keys(vars.radius).length);
    const shadows = lightSide(canvasElement, '[data-sample="shadow"]');
    await expect(shadows).toHaveLength(Object.keys(vars.shadow).length);
    for (const tile of shadows) await expect(getComputedStyle(tile).boxShadow).not.toBe('none');
  },
};
