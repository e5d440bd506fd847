import L from 'leaflet';

/**
 * Draw a rectangle by pressing on the map, dragging to the opposite corner and letting go. The map does not pan
 * while drawing; a press without a drag draws nothing and keeps the tool. Returns a function that gives the tool
 * up (the map pans again).
 */
export function dragRectangle(map: L.Map, style: L.PathOptions, done: (layer: L.Rectangle) => void): () => void {
  const container = map.getContainer();
  let start: L.LatLng | null = null;
  let preview: L.Rectangle | null = null;
  const panning = map.dragging.enabled();
  map.dragging.disable();
  container.style.cursor = 'crosshair';

  const down = (event: L.LeafletMouseEvent) => {
    start = event.latlng;
  };
  const move = (event: L.LeafletMouseEvent) => {
    if (!start) return;
    const bounds = L.latLngBounds(start, event.latlng);
    if (preview) preview.setBounds(bounds);
    else preview = L.rectangle(bounds, { ...style, dashArray: '4 4', pmIgnore: true }).addTo(map);
  };
  const up = (event: L.LeafletMouseEvent) => {
    if (!start) return;
    const from = map.latLngToContainerPoint(start);
    const to = map.latLngToContainerPoint(event.latlng);
    const bounds = L.latLngBounds(start, event.latlng);
    start = null;
    preview?.remove();
    preview = null;
    // A click, not a drag: no rectangle of a few pixels.
    if (Math.abs(from.x - to.x) < 4 || Math.abs(from.y - to.y) < 4) return;
    stop();
    done(L.rectangle(bounds, style).addTo(map));
  };
  const stop = () => {
    map.off('mousedown', down);
    map.off('mousemove', move);
    map.off('mouseup', up);
    preview?.remove();
    container.style.cursor = '';
    if (panning) map.dragging.enable();
  };
  map.on('mousedown', down);
  map.on('mousemove', move);
  map.on('mouseup', up);
  return stop;
}
