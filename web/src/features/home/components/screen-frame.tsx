import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';

/** The size every big screen is designed at; any window shows it whole, scaled by one transform. */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

/** The scale and offsets that fit the design into a window, letterboxed, centred. */
export function fitDesign(width: number, height: number): { scale: number; left: number; top: number } {
  const scale = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  return { scale, left: (width - DESIGN_WIDTH * scale) / 2, top: (height - DESIGN_HEIGHT * scale) / 2 };
}

function windowFit() {
  return fitDesign(window.innerWidth, window.innerHeight);
}

/**
 * A big screen's stage: 1920×1080 laid out once, scaled to the window with a single CSS transform (never
 * re-laid-out), and the document's own scroll bars switched off while it shows.
 */
export function ScreenFrame({ background, children }: { background: string; children: ReactNode }) {
  const [fit, setFit] = useState(windowFit);

  useEffect(() => {
    const onResize = () => setFit(windowFit());
    window.addEventListener('resize', onResize);
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('resize', onResize);
      root.style.overflow = before;
    };
  }, []);

  const stage: CSSProperties = {
    position: 'absolute',
    left: 0,
    top: 0,
    width: DESIGN_WIDTH,
    height: DESIGN_HEIGHT,
    transformOrigin: '0 0',
    transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
    overflow: 'hidden',
    background,
  };
  return (
    <div style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: '#02060f' }}>
      <div style={stage} data-testid="screen-stage" data-scale={fit.scale.toFixed(4)}>
        {children}
      </div>
    </div>
  );
}
