import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layout } from '../lib/theme.ts';

/**
 * A list's filters, folded on phones behind one "Filters" button that says how many are active, so that the
 * results come first on a small screen; on wider screens the filters are shown in place, as they are given.
 */
export function FoldingFilters({
  active,
  children,
  testId,
  sx,
}: {
  /** How many filters narrow the list now. */
  active: number;
  children: ReactNode;
  testId: string;
  /** The folded filters' own spacing on phones (their place in the page). */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const phone = useMediaQuery(`(max-width:${layout.mobileBreakpoint - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);
  if (!phone) return children;
  return (
    <Box sx={[{ gridColumn: '1 / -1', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button
        variant="outlined"
        startIcon={<FilterList />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid={testId}
      >
        {active > 0 ? t('app.filtersActive', { number: active }) : t('app.filters')}
      </Button>
      <Collapse in={open} id={id}>
        <Box sx={{ display: 'grid', gap: 2, pt: 2, minWidth: 0 }}>{children}</Box>
      </Collapse>
    </Box>
  );
}
