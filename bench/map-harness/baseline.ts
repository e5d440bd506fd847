import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import '../../web/src/components/fleet-map/fleet-map.css';
import L from 'leaflet';
import { afterPaint, FIT, loadFleet, MAP_OPTIONS, run } from './harness.ts';

/**
 * The baseline: what a plain Leaflet page does with the usual plugin, Leaflet.markercluster, loading the same
 * points: a marker per machine made up front and handed to the cluster group in one call (its fast path).
 */
run(async () => {
  // The plugin is a script for the global Leaflet, so Leaflet is made global before it loads.
  (window as unknown as { L: typeof L }).L = L;
  await import('leaflet.markercluster');
  const map = L.map('map', MAP_OPTIONS).setView([20, 0], 2);
  const fleet = await loadFleet();
  const points = fleet.ids.map((_, i) => L.latLng(fleet.lats[i]!, fleet.lngs[i]!));
  map.fitBounds(L.latLngBounds(points), FIT);
  const group = L.markerClusterGroup();
  group.addLayers(
    points.map((point, i) =>
      L.marker(point, { icon: L.divIcon({ className: 'fleet-point', iconSize: [16, 16] }), title: fleet.serials[i] }),
    ),
  );
  map.addLayer(group);
  window.bench.firstRenderMs = await afterPaint();
});
