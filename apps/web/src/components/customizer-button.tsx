import TuneOutlined from '@mui/icons-material/TuneOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The panel (a drawer with its controls) is downloaded when first opened.
const loadPanel = () => import('./customizer-panel.tsx');
const CustomizerPanel = lazy(loadPanel);

export function CustomizerButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-label={t('customizer.open')}
        data-testid="customizer"
      >
        <TuneOutlined />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <CustomizerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
