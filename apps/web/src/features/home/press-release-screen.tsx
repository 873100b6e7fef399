import ArrowBack from '@mui/icons-material/ArrowBack';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { releaseQuery } from './api/press-releases.ts';
import { ReleaseMeta, textDirection } from './components/release-meta.tsx';

/** One release, readable: title, subtitle, the (server-sanitised) body, images and attachments. */
export default function PressReleaseScreen() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const release = useQuery(releaseQuery(id, i18n.language));
  const back = (
    <Button component={RouterLink} to={paths.home} startIcon={<ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />} sx={{ mb: 2 }}>
      {t('home.back')}
    </Button>
  );
  if (release.isPending) {
    return (
      <Box aria-busy="true" aria-label={t('app.loading')}>
        {back}
        <Skeleton variant="text" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (release.isError) {
    const missing = release.error instanceof ApiError && release.error.status === 404;
    return (
      <Box>
        {back}
        <Typography variant="h1" sx={{ mb: 2 }}>
          {t('home.title')}
        </Typography>
        <Alert severity={missing ? 'info' : 'error'}>{missing ? t('home.notFound') : t('home.loadError')}</Alert>
      </Box>
    );
  }
  const data = release.data;
  const dir = textDirection(data.language);
  return (
    <Box component="article">
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 860 }}>
        <ReleaseMeta release={data} />
        <Typography variant="h1" sx={{ mt: 1.5 }} lang={data.language} dir={dir}>
          {data.title}
        </Typography>
        {data.subtitle && (
          <Typography
            variant="h2"
            component="p"
            color="text.secondary"
            sx={{ mt: 1, fontWeight: 400 }}
            lang={data.language}
            dir={dir}
          >
            {data.subtitle}
          </Typography>
        )}
        {data.images?.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
            {data.images.map((image) => (
              <Link key={image.id} href={image.url} target="_blank" rel="noopener">
                <Box
                  component="img"
                  src={image.thumbnail_url ?? image.url}
                  alt={image.title}
                  loading="lazy"
                  sx={{ height: 140, borderRadius: 1, display: 'block' }}
                />
              </Link>
            ))}
          </Box>
        )}
        <Box
          lang={data.language}
          dir={dir}
          sx={{
            mt: 3,
            fontSize: '1.05rem',
            lineHeight: 1.7,
            overflowWrap: 'anywhere',
            '& img': { maxWidth: '100%', height: 'auto' },
            '& a': { color: 'primary.main' },
          }}
          // The server sanitises the body (PRODUCT.md section 6): only safe markup reaches this point.
          dangerouslySetInnerHTML={{ __html: data.body }}
        />
        {data.attachments?.length > 0 && (
          <Box component="ul" sx={{ mt: 3, pl: 0, listStyle: 'none' }}>
            {data.attachments.map((file) => (
              <li key={file.id}>
                <Link href={file.url} download={file.file_name} sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  <AttachFile fontSize="small" aria-hidden="true" />
                  {file.title || file.file_name}
                </Link>
              </li>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
