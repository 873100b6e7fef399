import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Barcode Detection API the door uses (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's BarcodeDetector, else the polyfill (loaded on first use): only a camera is needed to scan.
 */
async function detectorConstructor(): Promise<BarcodeDetectorConstructor> {
  const native = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (native) return native;
  const { BarcodeDetector } = await import('./barcode-polyfill.ts');
  return BarcodeDetector as unknown as BarcodeDetectorConstructor;
}

/** Whether this browser can read a badge's QR code with a camera; without one the code is typed. */
export const canScan = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The camera's picture until a QR code is read; its text goes to `onCode`. */
export function BadgeScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let detector: BarcodeDetectorLike | null = null;
    const look = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && !stopped) {
          stopped = true;
          onCode(found.rawValue);
          return;
        }
      } catch {
        // A frame not ready yet: try the next one.
      }
      timer = setTimeout(look, 250);
    };
    detectorConstructor()
      .then((Detector) => {
        detector = new Detector({ formats: ['qr_code'] });
      })
      .then(() => navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }))
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        look();
      })
      .catch(() => setProblem(t('programmeAdmin.attendance.cameraRefused')));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, t]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{t('programmeAdmin.attendance.scanTitle')}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="warning">{problem}</Alert>
        ) : (
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('programmeAdmin.attendance.cameraLabel')}
            sx={{
              width: '100%',
              borderRadius: 1,
              bgcolor: 'common.black',
              aspectRatio: '1 / 1',
              objectFit: 'cover',
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('programmeAdmin.attendance.stopScan')}</Button>
      </DialogActions>
    </Dialog>
  );
}
