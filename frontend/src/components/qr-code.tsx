import encodeQR from '@paulmillr/qr';
import { useMemo } from 'react';
import './qr-code.css';

/** The ticket's QR options (backend/src/day-of-show/tickets/ticket-qr.ts): a scan in poor light. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn in the page as SVG, dark modules on a white ground with the standard quiet
 * zone and error correction M, as the tickets are: for a text that must not leave the browser
 * (an authenticator app's secret).
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 0 });
    const moves: string[] = [];
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) moves.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      }),
    );
    return { size: modules.length + 2 * QUIET_ZONE, path: moves.join('') };
  }, [text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
