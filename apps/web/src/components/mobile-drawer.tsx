import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { layout } from '../lib/theme.ts';

/** The sidebar as a temporary drawer on narrow screens (below the specification's 769 px). */
export default function MobileDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: layout.sidebarWidth } } }}
    >
      {children}
    </Drawer>
  );
}
