// Only the parts of Chart.js that bar charts need (static imports, so the bundler leaves the rest of the library
// out); loaded on first use by bar-chart.tsx, so it lands in its own chunk of the admin area.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };
