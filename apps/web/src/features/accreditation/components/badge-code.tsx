import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The badge's short code, as printed under its QR: what door staff type when their camera cannot read the QR.
 * Left to right in every language, in a monospaced face so that no character is taken for another.
 */
export function BadgeCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {t('accreditation.badgeCode')}{' '}
      <Box
        component="strong"
        dir="ltr"
        data-testid="badge-code"
        sx={{ fontFamily: 'monospace', fontSize: '1.125rem', letterSpacing: '0.08em', whiteSpace: 'nowrap' }}
      >
        {code}
      </Box>
    </Typography>
  );
}
