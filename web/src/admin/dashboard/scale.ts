/**
 * The arithmetic of the dashboard's charts, pure: a "nice" top of the value axis and its
 * ticks, the stacks of a stacked bar chart, where each bar and point goes, and which bucket
 * labels fit under the axis. The components only draw what this works out.
 */

/** Margins inside the SVG around the plot: room for the value ticks (left) and labels (bottom). */
export const MARGIN = { top: 12, right: 12, bottom: 44, left: 56 } as const;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`; 1 for nothing above 0. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value * (1 - 1e-9)) ?? 10;
  return step * power;
}

/**
 * The value axis's ticks: from 0 in equal whole steps (1, 2 or 5 × 10ⁿ) to the first at or
 * above `max`, about `count` intervals; [0, 1] when there is nothing to show.
 */
export function valueTicks(max: number, count = 5): number[] {
  const step = Math.max(1, niceCeiling(max / count));
  const intervals = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: intervals + 1 }, (_, index) => index * step);
}

export interface Segment {
  series: number;
  value: number;
  /** Where the segment starts and ends on the value axis (sum of the segments below it). */
  from: number;
  to: number;
}

/** Each bucket's segments, bottom to top, in series order; empty segments are left out. */
export function stacks(series: readonly { values: readonly number[] }[], buckets: number): Segment[][] {
  return Array.from({ length: buckets }, (_, bucket) => {
    let base = 0;
    return series.flatMap((s, index) => {
      const value = s.values[bucket] ?? 0;
      if (value <= 0) return [];
      const segment = { series: index, value, from: base, to: base + value };
      base += value;
      return [segment];
    });
  });
}

/** Each bucket's total (stacked) or its largest value (side by side, lines). */
export function bucketPeaks(series: readonly { values: readonly number[] }[], buckets: number, stacked: boolean): number[] {
  return Array.from({ length: buckets }, (_, bucket) => {
    const values = series.map((s) => s.values[bucket] ?? 0);
    return stacked ? values.reduce((sum, v) => sum + v, 0) : Math.max(0, ...values);
  });
}

export interface Plot {
  width: number;
  height: number;
  /** The plot area inside the margins. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function plotArea(width: number, height: number): Plot {
  return {
    width,
    height,
    left: MARGIN.left,
    right: width - MARGIN.right,
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  };
}

/** The y of a value, with the axis from 0 (bottom) to `top`. */
export function yOf(plot: Plot, value: number, top: number): number {
  return plot.bottom - (value / top) * (plot.bottom - plot.top);
}

/** The slot of each bucket along the x axis: its left edge, width, and the bar inside it. */
export function band(plot: Plot, buckets: number, index: number): { x: number; width: number; bar: number; barX: number } {
  const width = (plot.right - plot.left) / Math.max(1, buckets);
  const bar = Math.max(2, Math.min(48, width * 0.7));
  const x = plot.left + index * width;
  return { x, width, bar, barX: x + (width - bar) / 2 };
}

/**
 * Which buckets get a label under the axis: every `step`-th one, so that labels about
 * `labelWidth` px wide never overlap, counted back from the newest (always labelled).
 */
export function labelledBuckets(buckets: number, plotWidth: number, labelWidth: number): Set<number> {
  const room = plotWidth / Math.max(1, buckets);
  const step = Math.max(1, Math.ceil(labelWidth / Math.max(1, room)));
  const shown = new Set<number>();
  for (let index = buckets - 1; index >= 0; index -= step) shown.add(index);
  return shown;
}
