import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The quiet zone around the code, in modules: the four the QR standard asks for, so any camera finds it. */
const quietZone = 4;

/**
 * The badge's QR code drawn on screen from what it says (the gate's check page), as the printed badge has it:
 * made on the device from the kept answer, so it shows at the door with no network. Black on white in every
 * theme, as scanners expect, with its own white margin.
 */
export function BadgeQr({ checkUrl }: { checkUrl: string }) {
  const { t } = useTranslation();
  const { side, path } = useMemo(() => {
    const { modules } = QRCode.create(checkUrl, { errorCorrectionLevel: 'M' });
    let drawn = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) drawn += `M${column + quietZone} ${row + quietZone}h1v1h-1z`;
      }
    }
    return { side: modules.size + quietZone * 2, path: drawn };
  }, [checkUrl]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={t('accreditation.badgeQr')}
      data-testid="badge-qr"
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      sx={{ display: 'block', width: 224, maxWidth: '100%', height: 'auto', mt: 2, bgcolor: '#fff' }}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </Box>
  );
}
