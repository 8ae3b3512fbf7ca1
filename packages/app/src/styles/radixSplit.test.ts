import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { radixComponentsPart } from './radixSplit';

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
