import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
// Leaflet's own build sets window.L, which the drawing library extends (L.PM) when it loads.
import '@geoman-io/leaflet-geoman-free';
import { Button, Flex, InputNumber, Space, Typography } from 'antd';
import { BorderOutlined, DeleteOutlined, GatewayOutlined, RadiusSettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_CIRCLE_RADIUS_M, type FenceShape } from '@console/contract/http/fences';
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
}: {
  value?: FenceShape | null;
  onChange?: (shape: FenceShape | null) => void;
  provider: 'global' | 'regional';
  disabled?: boolean;
  id?: string;
}) {
  const { t, i18n } = useTranslation('fences');
  const settings = useQuery(mapSettingsQuery());
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const drawn = useRef<L.Layer | null>(null);
  const [mode, setMode] = useState<BasemapMode>('probing');
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
    map.on('pm:create', ({ layer }) => {
      // One shape per fence: a new drawing replaces the old one.
      drawn.current?.remove();
      drawn.current = layer;
      layer.on('pm:edit', emit);
      (layer as L.Polygon).pm.enable();
      emit();
    });
    mapRef.current = map;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container.current!);
    return () => {
      observer.disconnect();
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

  const draw = (tool: Tool) => {
    const map = mapRef.current;
    if (!map) return;
    map.pm.disableDraw();
    map.pm.enableDraw(tool, { continueDrawing: false });
  };

  return (
    <div id={id}>
      {!disabled && (
        <Flex wrap gap={8} style={{ marginBottom: 8 }} align="center">
          <Space.Compact>
            <Button icon={<GatewayOutlined />} onClick={() => draw('Polygon')}>
              {t('editor.polygon')}
            </Button>
            <Button icon={<BorderOutlined />} onClick={() => draw('Rectangle')}>
              {t('editor.rectangle')}
            </Button>
            <Button icon={<RadiusSettingOutlined />} onClick={() => draw('Circle')}>
              {t('editor.circle')}
            </Button>
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
