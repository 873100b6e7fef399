import Download from '@mui/icons-material/Download';
import FolderZip from '@mui/icons-material/FolderZip';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { apiPaths, type PressKitDocument } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { apiRequest, queryString } from '../../lib/api-client.ts';
import { formatBytes } from '../../lib/format-bytes.ts';

interface PressKit {
  language: string;
  documents: PressKitDocument[];
  total_size: number;
  zip_url: string | null;
}

/** The press kit: the site's documents in the reader's language (or the fallback), and the whole kit as a ZIP. */
export default function PressKitScreen() {
  const { t, i18n } = useTranslation();
  const kit = useQuery({
    queryKey: ['press-kit', i18n.language],
    queryFn: ({ signal }) =>
      apiRequest<PressKit>(`${apiPaths.pressKit}${queryString({ language: i18n.language })}`, { signal }),
  });
  const languageName = (code: string) =>
    new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;

  return (
    <Page
      title={t('menu.pressKit')}
      actions={
        kit.data?.zip_url && (
          <Button
            variant="contained"
            href={kit.data.zip_url}
            startIcon={<FolderZip />}
            data-testid="press-kit-zip"
          >
            {t('pressKit.downloadAll', { size: formatBytes(kit.data.total_size, i18n.language) })}
          </Button>
        )
      }
    >
      <Typography sx={{ mb: 2 }}>{t('pressKit.intro')}</Typography>
      {kit.isPending && <Skeleton variant="rounded" height={200} />}
      {kit.isError && <Alert severity="error">{t('pressKit.loadError')}</Alert>}
      {kit.data && kit.data.documents.length === 0 && <Alert severity="info">{t('pressKit.empty')}</Alert>}
      {kit.data && kit.data.documents.length > 0 && kit.data.language !== i18n.language && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('pressKit.otherLanguage', { language: languageName(kit.data.language) })}
        </Alert>
      )}
      {kit.data && kit.data.documents.length > 0 && (
        <Paper variant="outlined">
          <List>
            {kit.data.documents.map((document) => (
              <ListItem
                key={document.id}
                divider
                secondaryAction={
                  <Button
                    href={document.url}
                    download={document.file_name}
                    startIcon={<Download />}
                    aria-label={t('pressKit.download', {
                      name: document.title,
                      size: formatBytes(document.size, i18n.language),
                    })}
                  >
                    {formatBytes(document.size, i18n.language)}
                  </Button>
                }
                sx={{ paddingInlineEnd: 18 }}
              >
                <ListItemText
                  primary={document.title}
                  secondary={document.description || document.file_name}
                  slotProps={{ primary: { component: 'h2', sx: { fontSize: '1rem', fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Page>
  );
}
