import type { ThemeConfig } from 'antd';
import type { Brand } from '../lib/brand-info.ts';
import { mixWithWhite } from '../lib/color.ts';

/**
 * The antd theme of a brand: its colour everywhere, hover as a 15% mix with white, its header and sidebar; without
 * antd's animations when the user's system asks for reduced motion.
 */
export function themeFor(brand: Brand, options: { reducedMotion?: boolean } = {}): ThemeConfig {
  const { color, theme } = brand.info;
  const hover = mixWithWhite(color, 0.15);
  return {
    // antd's component styles come from its prebuilt stylesheet (imported by the app) instead of being generated in
    // the browser on each component's first render, which took about a third of a list page's script time (issue 33,
    // decision 060); the brand's colours still reach them, as the CSS variables the theme sets.
    zeroRuntime: true,
    token: {
      colorPrimary: color,
      colorPrimaryHover: hover,
      colorLink: color,
      colorLinkHover: hover,
      motion: !options.reducedMotion,
    },
    components: {
      Layout: { headerBg: theme.header, siderBg: theme.sidebar, headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        darkItemBg: theme.sidebar,
        darkSubMenuItemBg: theme.sidebar,
        darkPopupBg: theme.sidebar,
        darkItemColor: theme.sidebarText,
        darkItemHoverColor: '#ffffff',
        darkItemSelectedBg: color,
        darkItemSelectedColor: '#ffffff',
      },
    },
  };
}
