import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The way from the profile to the personal calendar feed, kept on My programme (opened at the feed). */
export function ProfileCalendarFeed() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('programme.mine.feedTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('programme.mine.profileText')}</Typography>
      <Button
        component={RouterLink}
        to={paths.myProgrammeFeed}
        variant="outlined"
        data-testid="profile-personal-feed"
      >
        {t('programme.mine.profileAction')}
      </Button>
    </Paper>
  );
}
