import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deviceScreens } from '@console/contract/screens/devices';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { readScreenQuery } from './screen-params.ts';
import { keepPages, PageLocationContext, useScreenQuery } from './screen-query.ts';

const overview = deviceScreens.overview;

function OverviewKind() {
  const { query } = useScreenQuery(overview);
  return <span>{`kind=${query.kind ?? 'none'}`}</span>;
}

/** Renders `page` with the router at `url`, inside the kept location `kept` when given. */
function renderAt(url: string, kept?: { pathname: string; search: string }) {
  const element = kept ? (
    <PageLocationContext value={kept}>
      <OverviewKind />
    </PageLocationContext>
  ) : (
    <OverviewKind />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return renderToString(<RouterProvider router={router} />);
}

describe('useScreenQuery', () => {
  it("reads the screen's declared parameters by their types", () => {
    const params = new URLSearchParams('id=12&tab=log&unknown=1');
    expect(readScreenQuery(deviceDetailScreens.detail, params)).toMatchObject({ id: 12 });
    expect(readScreenQuery(deviceDetailScreens.detail, new URLSearchParams('id=abc'))).toEqual({});
    expect(readScreenQuery(deviceDetailScreens.detail, new URLSearchParams('id=0'))).toEqual({});
    expect(readScreenQuery(deviceScreens.list, new URLSearchParams('status=2&kind=forklift'))).toEqual({
      status: 2,
      kind: 'forklift',
    });
  });

  it("reads the router's URL on a page that is not kept", () => {
    expect(renderAt('/deviceManagement/deviceOverview?kind=forklift')).toContain('kind=forklift');
  });

  it('a kept-alive page hidden under another route keeps reading its own last query', () => {
    // The user filtered the overview by kind, then opened the device list with a query of its own.
    let kept = keepPages(new Map(), { pathname: overview.path, search: '?kind=forklift' }, true, null);
    kept = keepPages(kept, { pathname: deviceScreens.list.path, search: '?kind=concretePump' }, false, null);
    const own = kept.get(overview.path)!.location;
    expect(own).toEqual({ pathname: overview.path, search: '?kind=forklift' });
    // The hidden overview re-renders while the list's URL is current: it still sees its own kind.
    expect(renderAt(`${deviceScreens.list.path}?kind=concretePump`, own)).toContain('kind=forklift');
  });

  it('a kept page shown again follows its URL as the user changes it', () => {
    let kept = keepPages(new Map(), { pathname: overview.path, search: '?kind=forklift' }, true, null);
    const before = kept;
    kept = keepPages(kept, { pathname: overview.path, search: '?kind=forklift' }, true, null);
    expect(kept).toBe(before);
    kept = keepPages(kept, { pathname: overview.path, search: '?kind=scissorLift' }, true, null);
    expect(kept.get(overview.path)!.location.search).toBe('?kind=scissorLift');
  });
});
