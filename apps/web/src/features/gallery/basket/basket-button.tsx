import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { basketQuery } from '../../../lib/basket.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useSession } from '../../../lib/session.ts';

/** The header's basket: how many pictures (and videos) and how heavy, a link to it; for the users of the press area. */
export default function BasketButton() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const allowed = user?.permissions.includes('press_area.access') ?? false;
  const basket = useQuery({ ...basketQuery, enabled: allowed });
  if (!allowed) return null;
  const count = basket.data?.count ?? 0;
  const label =
    count === 0
      ? t('basket.headerEmpty')
      : // Files rather than pictures once it holds videos too.
        t(basket.data?.videos.length ? 'basket.headerLabelFiles' : 'basket.headerLabel', {
          count,
          size: formatBytes(basket.data?.total_size ?? 0, i18n.language),
        });
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to={paths.basket}
        color="inherit"
        aria-label={label}
        data-testid="header-basket"
      >
        <Badge badgeContent={count} color="secondary" max={999}>
          <ShoppingCartOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
