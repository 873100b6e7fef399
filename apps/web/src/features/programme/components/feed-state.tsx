import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProgrammeFeedToken } from '@pressroom/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedAddress } from './feed-address.tsx';

/**
 * Where the personal feed stands: none, one made earlier (its address is not kept), or the address just made,
 * announced as ready in the flow of the page above it, with the warning that it is shown once.
 */
export function FeedState({
  feed,
  justMade,
  addressRef,
}: {
  feed: ProgrammeFeedToken['feed'];
  justMade: boolean;
  addressRef?: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation();
  if (feed?.webcal_url) {
    return (
      <Stack spacing={1.5}>
        {justMade && (
          <Alert severity="success" role="status" data-testid="personal-feed-ready">
            {t('programme.mine.feedMade')}
          </Alert>
        )}
        <Alert severity="warning" data-testid="personal-feed-once">
          {t('programme.mine.feedShownOnce')}
        </Alert>
        <FeedAddress
          label={t('programme.mine.feedAddress')}
          address={feed.webcal_url}
          testId="personal-feed-address"
          inputRef={addressRef}
        />
      </Stack>
    );
  }
  if (feed) {
    return (
      <Typography variant="body2" data-testid="personal-feed-active">
        {t('programme.mine.feedActive', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
            new Date(feed.created_at),
          ),
        })}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" data-testid="personal-feed-none">
      {t('programme.mine.feedNone')}
    </Typography>
  );
}
