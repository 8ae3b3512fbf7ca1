// Small statistics for noisy timings: medians and quartiles, never means alone.

/** The q-quantile (0..1) of the numbers given, by linear interpolation; null when there are none. */
export function quantile(values, q) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/** Count, median, quartiles and extremes of a sample (non-numbers, e.g. timeouts, are left out). */
export function summarize(values) {
  const numbers = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  return {
    count: numbers.length,
    missing: values.length - numbers.length,
    median: quantile(numbers, 0.5),
    p25: quantile(numbers, 0.25),
    p75: quantile(numbers, 0.75),
    min: numbers.length > 0 ? Math.min(...numbers) : null,
    max: numbers.length > 0 ? Math.max(...numbers) : null,
  };
}
