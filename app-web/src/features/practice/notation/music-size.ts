import { useCallback, useState } from 'react';

/**
 * The music is read from the stool, a metre away: where the card is wide it is drawn larger (staff
 * space 10 px at a phone's width, up to 15 px from about 1,000 px), times the drummer's own zoom.
 */
const SCALE = { fromWidth: 480, toWidth: 1000, max: 1.5 } as const;

export const musicScale = (widthPx: number): number => {
  const share = (widthPx - SCALE.fromWidth) / (SCALE.toWidth - SCALE.fromWidth);
  return 1 + Math.min(1, Math.max(0, share)) * (SCALE.max - 1);
};

/** The drummer's zoom, kept on this device (a phone on the stand and a laptop on the desk differ). */
export const MUSIC_ZOOM_KEY = 'stickwork.music-zoom';
export const MUSIC_ZOOM = { min: 0.8, max: 1.6, step: 0.1 } as const;

const clampZoom = (zoom: number): number =>
  Math.round(Math.min(MUSIC_ZOOM.max, Math.max(MUSIC_ZOOM.min, zoom)) * 10) / 10;

export const readMusicZoom = (): number => {
  try {
    const stored = Number(window.localStorage.getItem(MUSIC_ZOOM_KEY));
    return Number.isFinite(stored) && stored > 0 ? clampZoom(stored) : 1;
  } catch {
    return 1;
  }
};

export const useMusicZoom = (): [number, (steps: number) => void, typeof MUSIC_ZOOM] => {
  const [zoom, setZoom] = useState(readMusicZoom);
  const zoomBy = useCallback((steps: number) => {
    setZoom((current) => {
      const next = clampZoom(current + steps * MUSIC_ZOOM.step);
      try {
        window.localStorage.setItem(MUSIC_ZOOM_KEY, String(next));
      } catch {
        // Storage blocked: the zoom lasts for this page.
      }
      return next;
    });
  }, []);
  return [zoom, zoomBy, MUSIC_ZOOM];
};
