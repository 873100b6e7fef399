import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PressBox } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { type PressBoxAnswer, pressBoxApi } from './exhibitors-api.ts';
import { Section } from './section.tsx';

/** How an upload or a removal of the press box runs: named, so the buttons wait while it does. */
export type PressBoxAct = (
  name: string,
  work: () => Promise<PressBoxAnswer>,
  applied: string,
) => Promise<void>;

/** The company's logo on a white ground, uploaded, replaced or removed. */
export function PressBoxLogoSection({ box, busy, act }: { box: PressBox; busy: boolean; act: PressBoxAct }) {
  const { t, i18n } = useTranslation();
  const company = box.company.id;
  return (
    <Section title={t('backOffice.pressBox.logo')} testId="press-box-logo">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: 200,
            height: 120,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            // A logo drawn for a white page stays legible in the dark theme.
            bgcolor: '#fff',
            color: '#555',
            p: 1,
          }}
        >
          {box.logo_url ? (
            <Box
              component="img"
              src={box.logo_url}
              alt={t('backOffice.pressBox.logoOf', { name: box.company.name })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              data-testid="press-box-logo-image"
            />
          ) : (
            <Typography variant="body2">{t('backOffice.pressBox.noLogo')}</Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
            {t(box.logo_url ? 'backOffice.pressBox.replaceLogo' : 'backOffice.pressBox.uploadLogo')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hidden
              data-testid="press-box-logo-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) {
                  void act(
                    'logo',
                    () => pressBoxApi.setLogo(company, file, i18n.language),
                    t('backOffice.pressBox.logoSaved'),
                  );
                }
              }}
            />
          </Button>
          {box.logo_url && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              disabled={busy}
              onClick={() =>
                act('logo', () => pressBoxApi.removeLogo(company), t('backOffice.pressBox.logoRemoved'))
              }
              data-testid="press-box-remove-logo"
            >
              {t('backOffice.pressBox.removeLogo')}
            </Button>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('backOffice.pressBox.logoHint')}
          </Typography>
        </Stack>
      </Box>
    </Section>
  );
}
