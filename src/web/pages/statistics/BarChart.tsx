import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the bars need is registered: chart.js stays small in this page's chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** A label of more than 14 characters as lines of about that length (chart.js draws an array as lines). */
function splitLabel(label: string): string | string[] {
  if (label.length <= 14) return label;
  const lines: string[] = [];
  for (const word of label.split(/(?<=[\s-])/)) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + word).length <= 16) lines[last] += word;
    else lines.push(word);
  }
  return lines.map((line) => line.trim());
}

/** A bar chart with a text alternative (a table of the same numbers for screen readers). */
export function BarChart({
  labels,
  series,
  title,
  horizontal = false,
  height = 260,
}: {
  labels: string[];
  series: Series[];
  title: string;
  horizontal?: boolean;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        // Long names ("Товарно-транспортная накладная") on lines of their words: a phone's axis cuts them.
        labels: labels.map(splitLabel),
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          backgroundColor: s.color,
          borderRadius: 3,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: { [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal]);
  return (
    <figure className="stats-chart">
      <figcaption>{title}</figcaption>
      <div style={{ position: 'relative', height }}>
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      {/* Hidden by its box, not itself: a table never shrinks to 1 px and widened the phone page to 525 px. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((l, i) => (
              <tr key={l}>
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
