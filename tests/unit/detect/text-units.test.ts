import { describe, expect, it } from 'vitest';
import { createCollector } from '@/lib/detect/collector';
import { scanText, TextScan } from '@/lib/detect/text-scan';
import { entitiesOfHtml } from './helpers';

// A huge text is scanned in units that resume where the last one stopped (no tracker
// restarted at position 0 per unit). Units must find exactly what one pass over the whole text finds,
// whatever the unit size and wherever the unit edges fall.

/** Text where entities, URLs with at-signs and obfuscated addresses straddle every unit size used below. */
function denseText(count: number, pad = 0): string {
  return denseEntries(count, pad).join(' ');
}

/** One string per entry: each holds whole entities, so paragraphs of entries split nothing. */
function denseEntries(count: number, pad: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(
      [
      `user${i}@acme${i % 7}.com`,
      `https://cdn.example.net/u/@user${i}/pic.png`,
      `person${i} [at] north${i % 5} [dot] io`,
      `+1 415 555 ${String(1000 + (i % 9000)).padStart(4, '0')}`,
      `linkedin.com/in/slug-${i}`,
      'x'.repeat(i % 97),
      'lorem ipsum '.repeat(pad),
      ].join(' '),
    );
  }
  return parts;
}

function onePass(text: string): string[] {
  const c = createCollector();
  scanText(text, 0, text.length, c);
  const raw = c.toRaw('https://a.test/', '');
  return [...raw.emails, ...raw.phones, ...raw.profiles].sort();
}

function inUnits(text: string, unit: number): string[] {
  const c = createCollector();
  const scan = new TextScan(text, 0, text.length, c);
  for (let pos = 0; pos < text.length; pos += unit) scan.scanTo(Math.min(text.length, pos + unit));
  const raw = c.toRaw('https://a.test/', '');
  return [...raw.emails, ...raw.phones, ...raw.profiles].sort();
}

describe('a huge text scanned in units', () => {
  // Fewer finds than the collector's cap (5000 per list), which would make the order of finds matter.
  const text = denseText(2000);
  const whole = onePass(text);

  it('finds something of every kind in the test text', () => {
    expect(whole.filter((v) => v.includes('@acme'))).toHaveLength(2000);
    expect(whole.filter((v) => v.includes('@north'))).toHaveLength(2000);
    expect(whole.some((v) => v.startsWith('+1'))).toBe(true);
    expect(whole.some((v) => v.includes('linkedin.com/in/slug-'))).toBe(true);
    // Addresses inside URLs are not emails, in one pass or in units.
    expect(whole.some((v) => v.startsWith('user') && v.includes('cdn'))).toBe(false);
  });

  it.each([[1], [7], [64], [1000], [8192], [65_536]])('units of %i characters find exactly what one pass finds', (unit) => {
    expect(inUnits(text, unit)).toEqual(whole);
  });

  it('one 1 MB text node finds the same as the same text in 1 KB paragraphs (through the DOM walk)', () => {
    const entries = denseEntries(2000, 40);
    const big = entries.join(' ');
    expect(big.length).toBeGreaterThan(1_000_000);
    const paragraphs = entries.map((p) => `<p>${p}</p>`).join('');
    const asOne = entitiesOfHtml(`<div>${big}</div>`);
    const asMany = entitiesOfHtml(`<div>${paragraphs}</div>`);
    expect(asOne.emails.length).toBeGreaterThan(1000);
    expect(asOne).toEqual(asMany);
  });
});

describe('long runs of digits that cannot start a number', () => {
  // A digit that cannot start a number makes the scan resume after its whole run of digits (each following digit has
  // a digit before it): the number written after the run must still be found, in one pass and in units whose edges
  // fall inside the runs.
  const entries = Array.from({ length: 300 }, (_, i) => {
    const run = '9'.repeat(1 + ((i * 37) % 200));
    return `ref${run} tel +44 20 7946 ${String(1000 + i).padStart(4, '0')} and id ${run}7 then +1 415 555 ${String(2000 + i)}`;
  });
  const text = entries.join(' ');
  const whole = onePass(text);

  it('finds the two numbers written after the runs of every entry', () => {
    expect(whole.filter((v) => v.startsWith('+44 20 7946'))).toHaveLength(300);
    expect(whole.filter((v) => v.startsWith('+1 415 555'))).toHaveLength(300);
  });

  it.each([[1], [13], [150], [4096]])('units of %i characters find exactly what one pass finds', (unit) => {
    expect(inUnits(text, unit)).toEqual(whole);
  });
});
