/**
 * The chart library, loaded on demand only (a dynamic import from chart-canvas.tsx): Chart.js 4 with just the parts the
 * dashboard draws (bar, line, doughnut, category/linear scales, tooltip, legend). Why Chart.js: well kept (MIT,
 * monthly releases), canvas rendering that stays smooth with hundreds of points, tree-shakable, and about a third of
 * the weight of a tree-shaken ECharts for the same three chart kinds; uPlot is lighter but has no doughnut, Recharts
 * brings d3 and renders every point as SVG. Its chunk weighs ~190 KB minified, ~67 KB gzip (npm run build:ui), outside
 * the initial JavaScript.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  Filler,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

export { Chart };
