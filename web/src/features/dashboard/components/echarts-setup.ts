import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the modules the home draws with, so the chunk stays a fraction of the full library.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
