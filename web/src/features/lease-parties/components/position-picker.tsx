import 'leaflet/dist/leaflet.css';
import '../../../components/fleet-map/fleet-map.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { Form } from 'antd';
import { fromDisplay, toDisplay } from '../../../components/fleet-map/datum.ts';
import { useBaseMap } from '../../../components/fleet-map/use-base-map.ts';

/**
 * A small map under a form's `lat` and `lng` (WGS-84): a click places the point there, and typed values move it. It
 * draws in the datum of the basemap underneath (GCJ-02 on the regional tiles) and converts back to WGS-84.
 */
export function PositionPicker({ label, height = 240 }: { label: string; height?: number }) {
  const form = Form.useFormInstance();
  const lat = Form.useWatch<number | null | undefined>('lat', form);
  const lng = Form.useWatch<number | null | undefined>('lng', form);
  const { containerRef, map, mode, provider, datum } = useBaseMap();
  const centred = useRef(false);

  useEffect(() => {
    if (!map || !datum) return;
    const pick = (event: L.LeafletMouseEvent) => {
      const [wLat, wLng] = fromDisplay(event.latlng.lat, event.latlng.lng, datum.datum, datum.inMainland);
      form.setFieldsValue({ lat: Number(wLat.toFixed(6)), lng: Number(wLng.toFixed(6)) });
      void form.validateFields(['lat', 'lng']).catch(() => {});
    };
    map.on('click', pick);
    return () => {
      map.off('click', pick);
    };
  }, [map, datum, form]);

  useEffect(() => {
    if (!map || !datum || typeof lat !== 'number' || typeof lng !== 'number') return;
    const at = toDisplay(lat, lng, datum.datum, datum.inMainland);
    const marker = L.circleMarker(at, { radius: 8, color: '#fff', weight: 2, fillColor: '#d4380d', fillOpacity: 1 });
    marker.addTo(map);
    if (!centred.current) {
      map.setView(at, 13, { animate: false });
      centred.current = true;
    }
    return () => {
      marker.remove();
    };
  }, [map, datum, lat, lng]);

  return (
    <div style={{ position: 'relative', height, marginBottom: 16 }}>
      <div
        ref={containerRef}
        className="fleet-map__canvas"
        role="region"
        aria-label={label}
        data-basemap={mode}
        data-provider={provider}
        style={{ cursor: 'crosshair' }}
      />
    </div>
  );
}
