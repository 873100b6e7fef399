import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
// Registers the contract's messages this component shows.
import '../../../lib/i18n/contract-messages.ts';
import { visuallyHidden } from '../../../components/visually-hidden.tsx';

/** The specification's password rule, one condition per message key of the contract. */
const passwordRules = [
  { key: 'passwordMin', test: (value: string) => Array.from(value).length >= 8 },
  { key: 'passwordCapital', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'passwordNumber', test: (value: string) => /[0-9]/.test(value) },
  { key: 'passwordSpecial', test: (value: string) => /[!@#$%_]/.test(value) },
] as const;

/** Checked live while the user types; each line says whether it is met, also to screen readers. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id} sx={{ mt: -1 }} data-testid="password-rules">
      <Typography variant="body2" color="text.secondary">
        {t('passwordRules.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {passwordRules.map((rule) => {
          const met = rule.test(value);
          return (
            <Box
              component="li"
              key={rule.key}
              data-met={met}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                color: met ? 'success.dark' : 'text.secondary',
                fontSize: '0.875rem',
              }}
            >
              {met ? (
                <CheckCircle fontSize="small" aria-hidden="true" />
              ) : (
                <RadioButtonUnchecked fontSize="small" aria-hidden="true" />
              )}
              <span>{t(`messages.${rule.key}`)}</span>
              <Box component="span" sx={visuallyHidden}>
                ({met ? t('passwordRules.met') : t('passwordRules.unmet')})
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
