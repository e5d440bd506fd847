import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
// Leaflet's own build sets window.L, which the drawing library extends (L.PM) when it loads.
import '@geoman-io/leaflet-geoman-free';
import { Button, Flex, InputNumber, Space, Typography } from 'antd';
import { BorderOutlined, DeleteOutlined, GatewayOutlined, RadiusSettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_CIRCLE_RADIUS_M, type FenceShape } from '@console/contract/http/fences';
import { positionsQuery } from '../../../components/fleet-map/positions.ts';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';
import { PlaceSearch } from './place-search.tsx';
import { dragRectangle } from './drag-rectangle.ts';
import { startBasemap, type BasemapMode } from '../../../components/fleet-map/basemap.ts';
import { fromDisplay, toDisplay, type Datum, type RegionTest } from '../../../components/fleet-map/datum.ts';
import { mapSettingsQuery } from '../../../components/fleet-map/map-settings.ts';
import { loadWorld } from '../../../components/fleet-map/world-data.ts';

type Tool = 'Polygon' | 'Rectangle' | 'Circle';
const SHAPE_STYLE: L.PathOptions = { color: '#1677ff', weight: 2, fillOpacity: 0.15 };
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const nowhere: RegionTest = () => false;

/** The drawn layer as a stored shape (WGS-84), converting back from the datum it is drawn in. */
function shapeOf(layer: L.Layer, datum: Datum, inMainland: RegionTest): FenceShape | null {
  const stored = (p: L.LatLng): [number, number] => {
    const [lat, lng] = fromDisplay(p.lat, p.lng, datum, inMainland);
    return [round(lat), round(lng)];
  };
  if (layer instanceof L.Circle) {
    return { type: 'circle', center: stored(layer.getLatLng()), radius: Math.round(layer.getRadius()) };
  }
  if (layer instanceof L.Rectangle) {
    const bounds = layer.getBounds();
    return { type: 'rectangle', bounds: [stored(bounds.getSouthWest()), stored(bounds.getNorthEast())] };
  }
  if (layer instanceof L.Polygon) {
    const ring = (layer.getLatLngs() as L.LatLng[][])[0] ?? [];
    return { type: 'polygon', points: ring.map(stored) };
  }
  return null;
}

/** A stored shape as a layer drawn in the datum of the basemap. */
function layerOf(shape: FenceShape, datum: Datum, inMainland: RegionTest): L.Layer {
  const shown = ([lat, lng]: readonly [number, number]) => toDisplay(lat, lng, datum, inMainland);
  switch (shape.type) {
    case 'circle':
      return L.circle(shown(shape.center), { ...SHAPE_STYLE, radius: shape.radius });
    case 'rectangle':
      return L.rectangle([shown(shape.bounds[0]), shown(shape.bounds[1])], SHAPE_STYLE);
    case 'polygon':
      return L.polygon(shape.points.map(shown), SHAPE_STYLE);
  }
}

/**
 * The fence's shape as a form control: draw a polygon, rectangle or circle on the chosen map, move and reshape
 * it, set a circle's radius exactly. Shapes are kept in WGS-84; on the regional provider's tiles (GCJ-02) they
 * are drawn and edited in GCJ-02 and converted back on every change. Without reachable tiles the offline
 * basemap (WGS-84) is drawn.
 */
export function FenceMapEditor({
  value,
  onChange,
  provider,
  disabled,
  id,
  fenceId,
}: {
  value?: FenceShape | null;
  onChange?: (shape: FenceShape | null) => void;
  provider: 'global' | 'regional';
  disabled?: boolean;
  id?: string;
  /** A saved fence: its bound machines are drawn on the map. */
  fenceId?: number | null;
}) {
  const { t, i18n } = useTranslation('fences');
  const settings = useQuery(mapSettingsQuery());
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const drawn = useRef<L.Layer | null>(null);
  const [mode, setMode] = useState<BasemapMode>('probing');
  // The drawing tool in use, shown pressed until its shape is drawn or the drawing is given up.
  const [active, setActive] = useState<Tool | null>(null);
  const stopDrag = useRef<(() => void) | null>(null);
  const bound = useQuery({ ...positionsQuery({ fenceId: fenceId ?? undefined }), enabled: !!fenceId });
  const [inMainland, setInMainland] = useState<RegionTest | null>(null);
  const datum: Datum = provider === 'regional' && mode === 'tiles' && inMainland ? 'gcj02' : 'wgs84';
  const region = inMainland ?? nowhere;
  // The latest props for the map's event handlers, which are bound once.
  const latest = useRef({ onChange, datum, region });
  useEffect(() => {
    latest.current = { onChange, datum, region };
  });

  useEffect(() => {
    const map = L.map(container.current!, { worldCopyJump: true, minZoom: 2, maxZoom: 18 });
    map.createPane('basemap').style.zIndex = '150';
    if (provider === 'regional') map.setView([31.23, 121.47], 10);
    else map.setView([20, 0], 2);
    map.pm.setGlobalOptions({ pathOptions: SHAPE_STYLE, allowSelfIntersection: false });
    const emit = () => {
      const { datum: d, region: r } = latest.current;
      latest.current.onChange?.(drawn.current ? shapeOf(drawn.current, d, r) : null);
    };
    const place = (layer: L.Layer) => {
      // One shape per fence: a new drawing replaces the old one.
      drawn.current?.remove();
      drawn.current = layer;
      layer.on('pm:edit', emit);
      (layer as L.Polygon).pm.enable();
      emit();
    };
    map.on('pm:create', ({ layer }) => place(layer));
    map.on('fence:rectangle', (event) => place((event as unknown as { layer: L.Layer }).layer));
    map.on('pm:drawend', () => setActive((tool) => (tool === 'Rectangle' ? tool : null)));
    mapRef.current = map;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container.current!);
    return () => {
      observer.disconnect();
      stopDrag.current?.();
      map.remove();
      mapRef.current = null;
      drawn.current = null;
    };
  }, [provider]);

  useEffect(() => {
    mapRef.current?.pm.setLang(i18n.language.startsWith('zh') ? 'zh' : 'en');
  }, [i18n.language]);

  const settled = settings.isSuccess || settings.isError;
  useEffect(() => {
    if (!settled || !mapRef.current) return;
    return startBasemap(mapRef.current, settings.data?.[provider] ?? null, setMode);
  }, [settled, settings.data, provider]);

  // The mainland outline decides where GCJ-02 applies; needed only on the regional provider's tiles.
  useEffect(() => {
    if (provider !== 'regional' || mode !== 'tiles') return;
    let current = true;
    loadWorld()
      .then((world) => current && setInMainland(() => world.inMainland))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [provider, mode]);

  // The value drawn: redrawn when it differs from the layer (a loaded fence, a typed radius, another datum).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const shown = drawn.current ? shapeOf(drawn.current, datum, region) : null;
    if (JSON.stringify(shown) === JSON.stringify(value ?? null)) return;
    drawn.current?.remove();
    drawn.current = null;
    if (!value) return;
    const layer = layerOf(value, datum, region).addTo(map);
    drawn.current = layer;
    layer.on('pm:edit', () => latest.current.onChange?.(shapeOf(layer, latest.current.datum, latest.current.region)));
    if (!disabled) (layer as L.Polygon).pm.enable();
    const bounds = (layer as L.Polygon).getBounds();
    if (!map.getBounds().contains(bounds)) map.fitBounds(bounds, { maxZoom: 15, padding: [24, 24] });
  }, [value, datum, region, disabled]);

  // The bound machines, as small dots in their status colour under the shape (read-only, a tooltip names them).
  useEffect(() => {
    const map = mapRef.current;
    const fleet = bound.data;
    if (!map || !fleet) return;
    const group = L.layerGroup(
      fleet.ids.map((machineId, i) =>
        L.circleMarker(toDisplay(fleet.lats[i]!, fleet.lngs[i]!, datum, region), {
          radius: 6,
          weight: 2,
          color: '#fff',
          fillColor: statusColor(fleet.statuses[i]!),
          fillOpacity: 1,
          pmIgnore: true,
          className: `fence-machine fence-machine-${machineId}`,
        }).bindTooltip(`${fleet.serials[i]} · ${fleet.names[i]}`),
      ),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [bound.data, datum, region]);

  const draw = (tool: Tool) => {
    const map = mapRef.current;
    if (!map) return;
    map.pm.disableDraw();
    stopDrag.current?.();
    stopDrag.current = null;
    if (active === tool) return setActive(null);
    setActive(tool);
    if (tool === 'Rectangle') {
      // Pressed, dragged and let go, as a rectangle is drawn in drawing programs (geoman takes two clicks).
      stopDrag.current = dragRectangle(map, SHAPE_STYLE, (layer) => {
        stopDrag.current = null;
        setActive(null);
        map.fire('fence:rectangle', { layer });
      });
      return;
    }
    map.pm.enableDraw(tool, { continueDrawing: false });
  };
  const toolButton = (tool: Tool, icon: ReactNode, text: string) => (
    <Button
      icon={icon}
      type={active === tool ? 'primary' : 'default'}
      aria-pressed={active === tool}
      onClick={() => draw(tool)}
    >
      {text}
    </Button>
  );

  return (
    <div id={id}>
      {!disabled && (
        <Flex wrap gap={8} style={{ marginBottom: 8 }} align="center">
          <Space.Compact>
            {toolButton('Polygon', <GatewayOutlined />, t('editor.polygon'))}
            {toolButton('Rectangle', <BorderOutlined />, t('editor.rectangle'))}
            {toolButton('Circle', <RadiusSettingOutlined />, t('editor.circle'))}
          </Space.Compact>
          <Button icon={<DeleteOutlined />} disabled={!value} onClick={() => onChange?.(null)}>
            {t('editor.clear')}
          </Button>
          {value?.type === 'circle' && (
            <Space>
              <label htmlFor={`${id ?? 'fence'}-radius`}>{t('editor.radius')}</label>
              <InputNumber
                id={`${id ?? 'fence'}-radius`}
                min={1}
                step={100}
                value={value.radius}
                style={{ width: 140 }}
                suffix="m"
                onChange={(radius) => radius !== null && onChange?.({ ...value, radius })}
              />
            </Space>
          )}
        </Flex>
      )}
      <PlaceSearch onPick={(lat, lng, zoom) => mapRef.current?.setView(toDisplay(lat, lng, datum, region), zoom)} />
      <div
        ref={container}
        role="application"
        aria-label={t('editor.map')}
        style={{ height: 460, borderRadius: 8, overflow: 'hidden', background: '#e8eef4' }}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        {disabled ? t('editor.readOnly') : t('editor.hint', { max: MAX_CIRCLE_RADIUS_M })}
      </Typography.Text>
    </div>
  );
}
