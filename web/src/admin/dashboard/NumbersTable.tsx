import { bucketLong, formatValue } from './chartFormat';
import type { Chart } from './data';

/** The numbers behind a chart, one row per month or day, with the total when they add up. */
export function NumbersTable({ chart }: { chart: Chart }) {
  const value = (v: number) => formatValue(v, chart.unit, chart.currency);
  return (
    <div className="chart-table" role="region" aria-label={`The numbers of ${chart.title}`} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{chart.title}</caption>
        <thead>
          <tr>
            <th scope="col">{chart.bucket === 'month' ? 'Month' : 'Day'}</th>
            {chart.series.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
            {chart.stacked && chart.series.length > 1 && <th scope="col">Total</th>}
          </tr>
        </thead>
        <tbody>
          {chart.buckets.map((bucket, index) => (
            <tr key={bucket}>
              <th scope="row">{bucketLong(bucket)}</th>
              {chart.series.map((series) => (
                <td key={series.key}>{value(series.values[index] ?? 0)}</td>
              ))}
              {chart.stacked && chart.series.length > 1 && <td>{value(chart.series.reduce((sum, s) => sum + (s.values[index] ?? 0), 0))}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
