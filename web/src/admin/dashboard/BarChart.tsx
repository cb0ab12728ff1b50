import { useId } from 'react';
import { Axes } from './Axes';
import type { Chart } from './data';
import { band, bucketPeaks, plotArea, stacks, valueTicks, yOf } from './scale';
import { fillOf, styleOf, Textures } from './seriesStyles';

/** A gap between stacked segments, so that neighbours stay apart in any colours. */
const GAP = 1;

/** Stacked bars, one per bucket, drawn at `width` × `height` px (the viewBox). */
export function BarChart({ chart, width, height, label }: { chart: Chart; width: number; height: number; label: string }) {
  const id = useId().replace(/:/g, '');
  const plot = plotArea(width, height);
  const count = chart.buckets.length;
  const ticks = valueTicks(Math.max(0, ...bucketPeaks(chart.series, count, true)));
  const top = ticks[ticks.length - 1]!;
  const bands = chart.buckets.map((_, index) => band(plot, count, index));
  return (
    <svg className="chart-svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <Textures id={id} count={chart.series.length} />
      <Axes chart={chart} plot={plot} ticks={ticks} centres={bands.map((b) => b.x + b.width / 2)} />
      {stacks(chart.series, count).map((segments, bucket) =>
        segments.map((segment) => {
          const y = yOf(plot, segment.to, top);
          const height = Math.max(0.5, yOf(plot, segment.from, top) - y - (segment.from > 0 ? GAP : 0));
          return (
            <rect
              key={`${bucket}-${segment.series}`}
              x={bands[bucket]!.barX}
              y={y}
              width={bands[bucket]!.bar}
              height={height}
              fill={fillOf(id, segment.series)}
              stroke={styleOf(segment.series).colour}
              strokeWidth={0.5}
            />
          );
        }),
      )}
    </svg>
  );
}
