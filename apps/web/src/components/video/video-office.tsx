import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { useOfficeVideos, type VideoOwner } from '../../lib/videos-api.ts';
import { OfficeVideo } from './office-video.tsx';
import { VideoAdder } from './video-adder.tsx';

/**
 * The videos of a release or a gallery, for its editors: add one (checked in the browser, sent in parts with
 * progress and a way to cancel, then a poster taken from it unless a picture was chosen), captions per
 * language, title and credit, order, deletion.
 */
export function VideoOffice({ owner, editable }: { owner: VideoOwner; editable: boolean }) {
  const { t } = useTranslation();
  const { videos, refresh } = useOfficeVideos(owner);
  const list = videos.data ?? [];
  return (
    <Stack spacing={2} data-testid="video-office">
      {videos.isError && <Alert severity="error">{apiErrorMessage(videos.error)}</Alert>}
      {videos.isSuccess && list.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('videos.none')}
        </Typography>
      )}
      {list.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((video, index) => (
            <OfficeVideo
              key={video.id}
              video={video}
              editable={editable}
              previous={list[index - 1]}
              next={list[index + 1]}
              onChanged={refresh}
            />
          ))}
        </Stack>
      )}
      {editable && <VideoAdder owner={owner} onAdded={refresh} />}
    </Stack>
  );
}
