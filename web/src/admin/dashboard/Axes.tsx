import { bucketShort, formatTick, unitLabel } from './chartFormat';
import type { Chart } from './data';
import { labelledBuckets, yOf, type Plot } from './scale';

/** A label under the axis is about this wide, in px: a month and year, or a day and month. */
const LABEL_WIDTH = { month: 62, day: 40 } as const;

/** The value axis (gridlines, ticks and its name) and the bucket axis (labels and its name). */
export function Axes({ chart, plot, ticks, centres }: { chart: Chart; plot: Plot; ticks: number[]; centres: number[] }) {
  const top = ticks[ticks.length - 1]!;
  const shown = labelledBuckets(chart.buckets.length, plot.right - plot.left, LABEL_WIDTH[chart.bucket]);
  const firstShown = Math.min(...shown);
  return (
    <g className="chart-axes">
      {ticks.map((tick) => {
        const y = yOf(plot, tick, top);
        return (
          <g key={tick}>
            <line x1={plot.left} x2={plot.right} y1={y} y2={y} className={tick === 0 ? 'chart-axis-line' : 'chart-grid'} />
            <text x={plot.left - 6} y={y} dy="0.35em" textAnchor="end" className="chart-tick">
              {formatTick(tick, chart.unit, chart.currency)}
            </text>
          </g>
        );
      })}
      {chart.buckets.map((bucket, index) =>
        shown.has(index) ? (
          <text key={bucket} x={centres[index]} y={plot.bottom + 16} textAnchor="middle" className="chart-tick">
            {bucketShort(bucket, index === firstShown)}
          </text>
        ) : null,
      )}
      <text
        transform={`translate(12 ${(plot.top + plot.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        className="chart-axis-name"
      >
        {unitLabel(chart.unit, chart.currency)}
      </text>
      <text x={(plot.left + plot.right) / 2} y={plot.height - 6} textAnchor="middle" className="chart-axis-name">
        {chart.bucket === 'month' ? 'Month' : 'Day'}
      </text>
    </g>
  );
}
