import 'leaflet/dist/leaflet.css';
import '../../web/src/components/fleet-map/fleet-map.css';
import L from 'leaflet';
import { FleetLayer, type PositionUpdate } from '../../web/src/components/fleet-map/fleet-layer.ts';
import { afterPaint, loadFleet, MAP_OPTIONS, run } from './harness.ts';

/** Durations of the timer callbacks since the last batch: the layer re-clusters on a timer after live moves. */
const timerMs: number[] = [];
const setTimer = window.setTimeout.bind(window);
window.setTimeout = ((handler: () => void, ms?: number) =>
  setTimer(() => {
    const start = performance.now();
    handler();
    timerMs.push(performance.now() - start);
  }, ms)) as typeof window.setTimeout;

/** The console's fleet layer (web/src/components/fleet-map/fleet-layer.ts), as the fleet map drives it. */
run(async () => {
  const map = L.map('map', MAP_OPTIONS).setView([20, 0], 2);
  const layer = new FleetLayer(map, {
    cluster: (count) => `${count} machines`,
    popup: () => document.createElement('div'),
  });
  const fleet = await loadFleet();
  layer.setDatum('wgs84', () => false);
  layer.setPositions(fleet);
  window.bench.firstRenderMs = await afterPaint();

  let round = 0;
  window.bench.update = (count) =>
    new Promise((resolve) => {
      round += 1;
      // Frame callbacks run in the order they were asked for: this one, the layer's flush, then the last one.
      let frameStart = 0;
      requestAnimationFrame(() => {
        frameStart = performance.now();
      });
      const queued = performance.now();
      for (let k = 0; k < count; k++) {
        const i = (k * 7919 + round * 104729) % fleet.ids.length;
        const update: PositionUpdate = {
          deviceId: fleet.ids[i]!,
          status: [6, 3, 7, 8][(k + round) % 4]!,
          lat: fleet.lats[i]! + 0.0005 * round,
          lng: fleet.lngs[i]! + 0.0005 * round,
        };
        layer.queue(update);
      }
      const queueMs = performance.now() - queued;
      timerMs.length = 0;
      requestAnimationFrame(() => {
        const batchMs = queueMs + performance.now() - frameStart;
        // The re-clustering the batch leads to runs on its timer a second later.
        setTimer(() => resolve({ batchMs, reclusterMs: Math.max(0, ...timerMs) }), 1500);
      });
    });
});
