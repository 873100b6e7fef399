import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const Skip = styled('a')(({ theme }) => ({
  position: 'absolute',
  insetInlineStart: theme.spacing(1),
  top: -48,
  zIndex: theme.zIndex.tooltip,
  padding: theme.spacing(1, 2),
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  borderRadius: theme.shape.borderRadius,
  '&:focus': { top: theme.spacing(1) },
}));

/** Lets keyboard users jump over the header and menu. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <Skip
      href={`#${target}`}
      onClick={(event) => {
        // Hash routing owns the fragment: move focus instead of following the link.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t('app.skipToContent')}
    </Skip>
  );
}
