import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the modules the console draws with (bars on the home, lines of a machine's history, the attendance
// calendar's heat map), so the chunk stays a fraction of the full library.
echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  CalendarComponent,
  VisualMapComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
