// A bar chart drawn by Chart.js (only its bar parts, loaded on first use, so the library stays out of every chunk
// but the admin's). The same figures are in a table for screen readers and for anyone who wants the numbers.
import { useEffect, useRef } from "react";
import type { Chart as ChartType } from "chart.js";

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** Chart.js with only what bar charts need (chart-parts.ts), fetched once, on first use. */
const loadChartJs = () => import("./chart-parts");

export function BarChart(props: { title: string; labels: string[]; series: Series[]; horizontal?: boolean; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { title, labels, series, horizontal = false, height = 260 } = props;

  useEffect(() => {
    let chart: ChartType | null = null;
    let cancelled = false;
    loadChartJs()
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: "bar",
          data: {
            labels,
            datasets: series.map((s) => ({
              label: s.label,
              data: s.values,
              backgroundColor: s.color,
              borderRadius: 3,
              maxBarThickness: 48,
            })),
          },
          options: {
            indexAxis: horizontal ? "y" : "x",
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              [horizontal ? "x" : "y"]: { beginAtZero: true, ticks: { precision: 0 } },
              [horizontal ? "y" : "x"]: { ticks: { autoSkip: !horizontal } },
            },
            plugins: { legend: { position: "bottom" } },
          },
        });
      })
      .catch((error: unknown) => console.error("Loading the chart library failed", error));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, series, horizontal]);

  return (
    <figure className="usage-chart">
      <figcaption className="usage-chart__title">{title}</figcaption>
      <div className="usage-chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={`${title} (bar chart; the figures follow in a table)`} />
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
