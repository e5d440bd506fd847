import { Suspense, useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
// antd's styles as one stylesheet: the theme runs without generating them (themeFor's zeroRuntime).
import 'antd/dist/antd.css';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { Brand } from '../lib/brand-info.ts';
import { BrandContext } from '../lib/brand.ts';
import { currentLang } from '../lib/i18n.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { checkTimeZoneWhenIdle } from '../lib/time-zone.ts';
import { router } from './router.tsx';
import { themeFor } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts a failure; one retry covers a dropped connection without hiding a fault.
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

// The star of a required field is drawn by CSS (index.html) with empty alternative text, so neither the
// field's accessible name nor its label text carries it ('Account', not '* Account').
function requiredMark(label: ReactNode, { required }: { required: boolean }) {
  return (
    <>
      {required && <span className="required-star" />}
      {label}
    </>
  );
}

/** The console under the brand (its colours and title, read before the first render): providers and the router. */
export function App({ brand }: { brand: Brand }) {
  // The catalogs may finish initialising after the first render; texts wait for them here.
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <Console brand={brand} />
    </Suspense>
  );
}

function Console({ brand }: { brand: Brand }) {
  // Subscribes to language changes: antd's locale and every text follow the switch.
  useTranslation(['shell', 'common']);
  const lang = currentLang();
  const reducedMotion = useReducedMotion();

  // The page started in the zone remembered from the last visit; a traveller's answers are asked again in the new one.
  useEffect(() => checkTimeZoneWhenIdle(() => void queryClient.invalidateQueries()), []);

  useEffect(() => {
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  }, [lang]);

  return (
    <BrandContext value={brand}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider
          locale={lang === 'en' ? enUS : zhCN}
          theme={themeFor(brand, { reducedMotion })}
          // Spec section 9: dialogs do not close on a click on the backdrop.
          modal={{ mask: { closable: false } }}
          // Keeps button names as written (antd would put a space inside two-character Chinese labels).
          button={{ autoInsertSpace: false }}
          form={{ requiredMark }}
        >
          <AntdApp>
            <Suspense fallback={<Spin fullscreen />}>
              <RouterProvider router={router} />
            </Suspense>
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </BrandContext>
  );
}
