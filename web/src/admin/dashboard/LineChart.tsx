import { Axes } from './Axes';
import type { Chart } from './data';
import { band, bucketPeaks, plotArea, valueTicks, yOf } from './scale';
import { Marker, styleOf } from './seriesStyles';

/** Points with markers beyond this many buckets would crowd the line: the line alone then. */
const MAX_MARKERS = 40;

/** One line per series (values side by side, not added up), drawn at `width` × `height` px. */
export function LineChart({ chart, width, height, label }: { chart: Chart; width: number; height: number; label: string }) {
  const plot = plotArea(width, height);
  const count = chart.buckets.length;
  const ticks = valueTicks(Math.max(0, ...bucketPeaks(chart.series, count, false)));
  const top = ticks[ticks.length - 1]!;
  const centres = chart.buckets.map((_, index) => {
    const slot = band(plot, count, index);
    return slot.x + slot.width / 2;
  });
  return (
    <svg className="chart-svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <Axes chart={chart} plot={plot} ticks={ticks} centres={centres} />
      {chart.series.map((series, index) => {
        const points = series.values.map((value, bucket) => [centres[bucket]!, yOf(plot, value, top)] as const);
        const style = styleOf(index);
        return (
          <g key={series.key}>
            <polyline
              points={points.map(([x, y]) => `${x},${y}`).join(' ')}
              fill="none"
              stroke={style.colour}
              strokeWidth={2.5}
              strokeDasharray={style.dash || undefined}
              strokeLinejoin="round"
            />
            {count <= MAX_MARKERS && points.map(([x, y], bucket) => <Marker key={bucket} index={index} x={x} y={y} />)}
          </g>
        );
      })}
    </svg>
  );
}
