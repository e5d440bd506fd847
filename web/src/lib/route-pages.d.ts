// The routes' loaders, written by the build (build/route-preloads.ts); route-preloads.ts reads them as RoutePages.
declare module 'virtual:route-pages' {
  type Load = () => Promise<unknown>;

  export const shell: Load;
  /** By language ('zh-cn', 'en'). */
  export const texts: Record<'zh-cn' | 'en', Load>;
  export const pages: Record<string, { load: Load; shell: boolean; public: boolean }>;
}
