import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { radixComponentsPart, radixLandingUtilities, utilitiesMissingFromLanding } from './styleSplit';

const sample = `@charset "utf-8";
/* a comment with { braces } */
.rt-reset:where(a) { all: unset; }
.rt-Button:where(.rt-variant-solid) { color: red; }
.rt-SelectTrigger { color: blue; }
.rt-BaseButton, .rt-IconButton { padding: 0; }
@media (min-width: 520px) {
  .rt-Card.rt-r-size-2 { padding: 1px; }
  .rt-TableRoot { margin: 0; }
}
@media (hover: hover) { .rt-SwitchRoot:hover { opacity: 1; } }
@keyframes rt-fade-in { from { opacity: 0; } to { opacity: 1; } }`;

describe('radixComponentsPart', () => {
  const landing = radixComponentsPart(sample, 'landing');
  const rest = radixComponentsPart(sample, 'rest');

  it('puts rules naming a landing component, or none, in the landing part', () => {
    expect(landing).toContain('.rt-reset:where(a)');
    expect(landing).toContain('.rt-Button:where(.rt-variant-solid)');
    // A rule shared with another component stays with the landing one.
    expect(landing).toContain('.rt-BaseButton, .rt-IconButton');
    expect(landing).toContain('@keyframes rt-fade-in');
    expect(landing).toContain('@charset "utf-8";');
    expect(landing).toMatch(/@media \(min-width: 520px\)\{\.rt-Card\.rt-r-size-2\{ padding: 1px; \}\}/);
    expect(landing).not.toContain('SelectTrigger');
    expect(landing).not.toContain('TableRoot');
    expect(landing).not.toContain('hover: hover');
  });

  it('puts every other rule in the rest, each rule exactly once overall', () => {
    expect(rest).toContain('.rt-SelectTrigger{ color: blue; }');
    expect(rest).toMatch(/@media \(min-width: 520px\)\{\.rt-TableRoot\{ margin: 0; \}\}/);
    expect(rest).toContain('.rt-SwitchRoot:hover');
    expect(rest).not.toContain('rt-Button:where');
    expect(rest).not.toContain('keyframes');
    expect(rest).not.toContain('@charset');
  });

  it("splits Radix's real components.css without losing a rule", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@radix-ui/themes/components.css'), 'utf8');
    const count = (text: string) => (text.match(/\{/g) ?? []).length;
    const parts = radixComponentsPart(css, 'landing') + radixComponentsPart(css, 'rest');
    // Every block of the original is in one part or the other (a split @media block is in both).
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(count(parts)).toBeGreaterThanOrEqual(count(withoutComments));
    expect(parts.length).toBeLessThan(withoutComments.length * 1.05);
    expect(radixComponentsPart(css, 'landing')).toContain('.rt-TextFieldRoot');
    expect(radixComponentsPart(css, 'landing')).not.toContain('.rt-SelectContent');
  });
});

const utilitiesSample = `.rt-r-gap-3 { gap: var(--space-3); }
.rt-r-pt-3 { padding-top: var(--space-3); }
.rt-r-p-3 { padding: var(--space-3); }
.rt-r-position-sticky { position: sticky; }
.rt-r-min-h { min-height: var(--min-height); }
.rt-r-min-w { min-width: var(--min-width); }
.rt-r-mt--2 { margin-top: calc(-1 * var(--space-2)); }
.rt-r-jc-space-between { justify-content: space-between; }
@media (min-width: 768px) {
  .md\\:rt-r-gtc-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .md\\:rt-r-gtr-2 { grid-template-rows: repeat(2, minmax(0, 1fr)); }
}`;

describe('radixLandingUtilities', () => {
  const landing = radixLandingUtilities(utilitiesSample);

  it('keeps the landing families at every value and breakpoint, negative values and word values included', () => {
    for (const name of [
      'rt-r-gap-3',
      'rt-r-p-3',
      'rt-r-min-h',
      'rt-r-mt--2',
      'rt-r-jc-space-between',
      'md\\:rt-r-gtc-2',
    ]) {
      expect(landing).toContain(`.${name}`);
    }
  });

  it('leaves out other families, those that only begin like one (pt, position, min-w) included', () => {
    for (const name of ['rt-r-pt-3', 'rt-r-position-sticky', 'rt-r-min-w', 'rt-r-gtr-2'])
      expect(landing).not.toContain(name);
  });

  it("keeps Radix's real utilities.css in its order, and keeps a small part of it", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@radix-ui/themes/utilities.css'), 'utf8');
    const part = radixLandingUtilities(css);
    const at = (text: string, rule: string) => text.indexOf(rule);
    // p before px before py, as in the whole file: an element with p and px gets px's sides.
    for (const rule of ['.rt-r-p-3{', '.rt-r-px-3{', '.rt-r-py-3{']) expect(part).toContain(rule);
    expect(at(part, '.rt-r-p-3{')).toBeLessThan(at(part, '.rt-r-px-3{'));
    expect(at(part, '.rt-r-px-3{')).toBeLessThan(at(part, '.rt-r-py-3{'));
    expect(part.length).toBeLessThan(css.length / 3);
    expect(part).not.toContain('.rt-r-position-');
  });
});

describe('utilitiesMissingFromLanding', () => {
  it("names the page's utility classes the landing part lacks, not component classes or landing ones", () => {
    const classes = [
      'rt-Flex',
      'rt-r-gap-3',
      'md:rt-r-gtc-2',
      'md:rt-r-gtr-2',
      'rt-r-pt-3',
      'rt-r-size-2',
      'rt-r-pt-3',
    ];
    expect(utilitiesMissingFromLanding(classes, utilitiesSample)).toEqual(['md:rt-r-gtr-2', 'rt-r-pt-3']);
  });
});
