import { useId } from 'react';
import type { Chart } from './data';
import { fillOf, Marker, styleOf, Textures } from './seriesStyles';

/** What each colour, texture or line means: the same marks as the chart, with their names. */
export function Legend({ chart, lines }: { chart: Chart; lines: boolean }) {
  const id = useId().replace(/:/g, '');
  return (
    <ul className="chart-legend" aria-label={`Legend of ${chart.title}`}>
      {chart.series.map((series, index) => (
        <li key={series.key}>
          <svg width="28" height="16" viewBox="0 0 28 16" aria-hidden="true" focusable="false">
            {lines ? (
              <>
                <line x1="1" x2="27" y1="8" y2="8" stroke={styleOf(index).colour} strokeWidth="2.5" strokeDasharray={styleOf(index).dash || undefined} />
                <Marker index={index} x={14} y={8} />
              </>
            ) : (
              <>
                <Textures id={id} count={chart.series.length} only={index} />
                <rect x="1" y="1" width="26" height="14" fill={fillOf(id, index)} stroke={styleOf(index).colour} />
              </>
            )}
          </svg>
          {series.label}
        </li>
      ))}
    </ul>
  );
}
