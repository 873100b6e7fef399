import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ThemeName, themeNames, uiSettings, useDarkMode, useUiSettings } from '../lib/settings.ts';
import { themeSwatch } from '../lib/theme.ts';
import { useShellSlots } from './shell-slots.tsx';

/** The customizer's width in the specification (section 9). */
const customizerWidth = 300;

/** Display settings kept per browser: colour theme, dark mode, collapsed sidebar and the layout options. */
export default function CustomizerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useUiSettings();
  const dark = useDarkMode();
  const titleId = useId();
  const themeLabelId = useId();
  const { customizerSection: CustomizerSection } = useShellSlots();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the fixed header, whose z-index is above the drawers'.
      sx={{ zIndex: (theme) => theme.zIndex.appBar + 2 }}
      slotProps={{ paper: { sx: { width: customizerWidth, p: 3 }, 'aria-labelledby': titleId } }}
    >
      <Typography variant="h2" id={titleId} sx={{ mb: 2 }}>
        {t('customizer.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={dark}
            onChange={(event) => uiSettings.update({ darkMode: event.target.checked })}
          />
        }
        label={t('customizer.darkMode')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.collapseSidebar}
            onChange={(event) => uiSettings.update({ collapseSidebar: event.target.checked })}
          />
        }
        label={t('customizer.collapseSidebar')}
      />
      {CustomizerSection && (
        <Suspense fallback={null}>
          <CustomizerSection onClose={onClose} />
        </Suspense>
      )}
      <Typography id={themeLabelId} sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        {t('customizer.theme')}
      </Typography>
      <RadioGroup
        aria-labelledby={themeLabelId}
        value={settings.theme}
        onChange={(event) => uiSettings.update({ theme: event.target.value as ThemeName })}
      >
        {themeNames.map((name, index) => (
          <FormControlLabel
            key={name}
            value={name}
            control={<Radio />}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: themeSwatch(name) }}
                />
                {t('customizer.themeNumber', { number: index + 1 })}
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Drawer>
  );
}
