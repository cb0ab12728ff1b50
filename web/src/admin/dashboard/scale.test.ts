import { describe, expect, it } from 'vitest';
import { band, bucketPeaks, labelledBuckets, niceCeiling, plotArea, stacks, valueTicks, yOf } from './scale';

describe('the value axis', () => {
  it.each([
    [0, 1],
    [0.6, 1],
    [1, 1],
    [3, 5],
    [44.6, 50],
    [100, 100],
    [101, 200],
    [24176, 50000],
  ])('rounds %s up to %s', (value, nice) => {
    expect(niceCeiling(value)).toBe(nice);
  });

  it('ticks in whole, even steps up to the first at or above the largest value', () => {
    expect(valueTicks(223)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(valueTicks(12)).toEqual([0, 5, 10, 15]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(120881)).toEqual([0, 50000, 100000, 150000]);
  });

  it('shows 0 to 1 when there is nothing to show', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});

describe('stacks', () => {
  const series = [{ values: [3, 0, 2] }, { values: [1, 4, 0] }, { values: [2, 1, 0] }];

  it('puts each series on the ones before it, leaving out empty segments', () => {
    expect(stacks(series, 3)).toEqual([
      [
        { series: 0, value: 3, from: 0, to: 3 },
        { series: 1, value: 1, from: 3, to: 4 },
        { series: 2, value: 2, from: 4, to: 6 },
      ],
      [
        { series: 1, value: 4, from: 0, to: 4 },
        { series: 2, value: 1, from: 4, to: 5 },
      ],
      [{ series: 0, value: 2, from: 0, to: 2 }],
    ]);
  });

  it('peaks are the totals of stacked series, the largest value of lines', () => {
    expect(bucketPeaks(series, 3, true)).toEqual([6, 5, 2]);
    expect(bucketPeaks(series, 3, false)).toEqual([3, 4, 2]);
  });
});

describe('geometry', () => {
  const plot = plotArea(640, 260);

  it('maps 0 to the bottom of the plot and the top value to its top', () => {
    expect(yOf(plot, 0, 100)).toBe(plot.bottom);
    expect(yOf(plot, 100, 100)).toBe(plot.top);
    expect(yOf(plot, 50, 100)).toBe((plot.top + plot.bottom) / 2);
  });

  it('gives every bucket an equal slot and centres its bar in it', () => {
    const first = band(plot, 12, 0);
    const last = band(plot, 12, 11);
    expect(first.x).toBe(plot.left);
    expect(last.x + last.width).toBeCloseTo(plot.right);
    expect(first.barX - first.x).toBeCloseTo((first.width - first.bar) / 2);
    expect(first.bar).toBeLessThanOrEqual(48);
  });

  it('labels every bucket when there is room, else every few counted back from the newest', () => {
    expect([...labelledBuckets(12, 600, 40)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect([...labelledBuckets(12, 240, 40)].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11]);
    expect([...labelledBuckets(30, 250, 40)].sort((a, b) => a - b)).toEqual([4, 9, 14, 19, 24, 29]);
  });
});
