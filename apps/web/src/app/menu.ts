import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Permission } from '@pressroom/contract';
import { paths } from './paths.ts';

export interface MenuItem {
  /** i18n key of the label (cut at 18 characters in the sidebar). */
  titleKey: string;
  path: string;
  icon: typeof SvgIcon;
  /** Hidden, and its click ignored, without a signed-in user. */
  requiresAuth: boolean;
  /** Shown only to users holding this permission (the server enforces it anyway). */
  permission?: Permission;
  /** Items under the same section heading are grouped. */
  section: 'main' | 'pressArea' | 'backOffice';
}

/** The sidebar, in order. To add an item: one entry here (its route goes in route-table.ts). */
export const menuItems: MenuItem[] = [
  { titleKey: 'menu.home', path: paths.home, icon: ArticleOutlined, requiresAuth: false, section: 'main' },
  {
    titleKey: 'menu.pressGallery',
    path: paths.pressGallery,
    icon: PhotoLibraryOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'menu.italianMagazine',
    path: paths.italianMagazine,
    icon: MenuBookOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'menu.internationalMagazine',
    path: paths.internationalMagazine,
    icon: PublicOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'menu.pressKit',
    path: paths.pressKit,
    icon: FolderZipOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'menu.contactUs',
    path: paths.contactUs,
    icon: ForumOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'pressReleases.admin.menu',
    path: paths.pressReleasesAdmin,
    icon: EditNoteOutlined,
    requiresAuth: true,
    // Every role that writes, publishes or manages releases holds it (contract rolePermissions).
    permission: 'press_release.write_own_company',
    section: 'backOffice',
  },
];
