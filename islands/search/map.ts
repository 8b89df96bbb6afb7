// Loaded only when the map is shown (a dynamic import() from MapPanel): Leaflet, its stylesheet and the
// marker images (bundled by esbuild's file loader, never from a CDN).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  type ResolvedLocation,
  type MapCard,
} from '../../src/lib/search.shared.js';

export type MapFocus = { kind: 'fit' } | { kind: 'point'; lat: number; lng: number; zoom: number };

export interface MapState {
  cards: MapCard[];
  location: ResolvedLocation | null;
  /** How to move the view on this update; null keeps it where the user left it. */
  focus: MapFocus | null;
}

export interface MapController {
  update(state: MapState): void;
  destroy(): void;
}

// The file loader gives paths relative to this chunk: resolve them against its own URL.
const here = (path: string): string => new URL(path, import.meta.url).href;

const icon = L.icon({
  iconUrl: here(iconUrl),
  iconRetinaUrl: here(iconRetinaUrl),
  shadowUrl: here(shadowUrl),
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

/** Leaflet's CSS, bundled beside the island, is linked the first time a map is made. */
function loadStylesheet(href: string | null): Promise<void> {
  if (!href || document.querySelector('link[data-leaflet-css]')) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.leafletCss = '';
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

export async function createMap(
  element: HTMLElement,
  options: {
    tileUrl: string;
    attribution: string;
    cssUrl: string | null;
    openListingLabel: string;
    onClick: (lat: number, lng: number) => void;
  },
): Promise<MapController> {
  await loadStylesheet(options.cssUrl);
  const map = L.map(element, { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM, scrollWheelZoom: false });
  L.tileLayer(options.tileUrl, { attribution: escapeHtml(options.attribution), maxZoom: 18 }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  let circle: L.Circle | null = null;
  map.on('click', (event: L.LeafletMouseEvent) => options.onClick(event.latlng.lat, event.latlng.lng));

  return {
    update({ cards, location, focus }) {
      markers.clearLayers();
      const points: L.LatLngExpression[] = [];
      for (const card of cards) {
        if (card.lat === null || card.lng === null) continue;
        const marker = L.marker([card.lat, card.lng], { icon, title: card.title, alt: card.title, keyboard: true });
        marker.bindPopup(popup(card, options.openListingLabel));
        marker.addTo(markers);
        points.push([card.lat, card.lng]);
      }
      circle?.remove();
      circle = null;
      if (location) {
        circle = L.circle([location.lat, location.lng], {
          radius: location.radiusKm * 1000,
          color: '#14719f',
          weight: 2,
          fillOpacity: 0.06,
          interactive: false,
        }).addTo(map);
      }
      if (focus?.kind === 'point') {
        map.setView([focus.lat, focus.lng], focus.zoom);
      } else if (focus?.kind === 'fit') {
        if (circle) map.fitBounds(circle.getBounds(), { padding: [16, 16] });
        else if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 12 });
        else map.setView(MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM);
      }
    },
    destroy() {
      map.remove();
    },
  };
}

/** Popup content built as DOM nodes: titles are user text, never HTML. */
function popup(card: MapCard, openLabel: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-popup';
  const title = document.createElement('a');
  title.href = card.href;
  title.className = 'map-popup__title';
  title.textContent = card.title;
  const price = document.createElement('p');
  price.className = 'map-popup__price';
  const strong = document.createElement('strong');
  strong.textContent = card.priceLabel;
  price.append(strong, ` ${card.unitLabel}`);
  const provider = document.createElement('p');
  provider.className = 'map-popup__provider';
  provider.textContent = card.place ? `${card.providerName} · ${card.place}` : card.providerName;
  const link = document.createElement('a');
  link.href = card.href;
  link.className = 'map-popup__link';
  link.textContent = `${openLabel} →`;
  box.append(title, price, provider, link);
  return box;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
