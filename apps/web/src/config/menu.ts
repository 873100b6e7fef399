import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import EventSeatOutlined from '@mui/icons-material/EventSeatOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ImageSearchOutlined from '@mui/icons-material/ImageSearchOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
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
  /** Shown only to users holding this permission, or one of these (the server enforces it anyway). */
  permission?: Permission | readonly Permission[];
  /** Items under the same section heading are grouped. */
  section: 'main' | 'pressArea' | 'backOffice';
}

/** The sidebar, in order. To add an item: one entry here (its route goes in route-table.ts). */
export const menuItems: MenuItem[] = [
  { titleKey: 'menu.home', path: paths.home, icon: ArticleOutlined, requiresAuth: false, section: 'main' },
  {
    titleKey: 'exhibitors.menu',
    path: paths.exhibitors,
    icon: StorefrontOutlined,
    requiresAuth: false,
    section: 'main',
  },
  {
    titleKey: 'programme.menu',
    path: paths.programme,
    icon: CalendarMonthOutlined,
    requiresAuth: false,
    section: 'main',
  },
  {
    titleKey: 'coverage.menu',
    path: paths.inThePress,
    icon: NewspaperOutlined,
    requiresAuth: false,
    section: 'main',
  },
  {
    titleKey: 'menu.pressGallery',
    path: paths.pressGallery,
    icon: PhotoLibraryOutlined,
    requiresAuth: true,
    permission: 'press_area.access',
    section: 'pressArea',
  },
  {
    titleKey: 'menu.pictures',
    path: paths.pictures,
    icon: ImageSearchOutlined,
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
    titleKey: 'coverage.mine.menu',
    path: paths.myCoverage,
    icon: RateReviewOutlined,
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
  {
    titleKey: 'galleryAdmin.menu',
    path: paths.galleryAdmin,
    icon: CollectionsOutlined,
    requiresAuth: true,
    // Company agents (their company's drafts) and the press office (gallery.manage_all) all hold it.
    permission: 'gallery.write_own_company',
    section: 'backOffice',
  },
  {
    titleKey: 'magazinesAdmin.menu',
    path: paths.magazinesAdmin,
    icon: AutoStoriesOutlined,
    requiresAuth: true,
    permission: 'magazine.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'pressKitAdmin.menu',
    path: paths.pressKitAdmin,
    icon: Inventory2Outlined,
    requiresAuth: true,
    permission: 'press_kit.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'pressContactsAdmin.menu',
    path: paths.pressContactsAdmin,
    icon: ContactPhoneOutlined,
    requiresAuth: true,
    permission: 'press_contact.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'statistics.menu',
    path: paths.statistics,
    icon: InsightsOutlined,
    requiresAuth: true,
    permission: 'press_release.publish_own_company',
    section: 'backOffice',
  },
  {
    titleKey: 'interviews.admin.menu',
    path: paths.interviewsAdmin,
    icon: EventAvailableOutlined,
    requiresAuth: true,
    // The company's administrator answers their company's requests; the press office sees the numbers per
    // exhibitor; the association's staff see nothing of them.
    permission: ['press_release.publish_own_company', 'press_release.manage_all'],
    section: 'backOffice',
  },
  {
    titleKey: 'programmeAdmin.menu',
    path: paths.programmeAdmin,
    icon: EventNoteOutlined,
    requiresAuth: true,
    // The press office keeps the programme; a company's administrator proposes its exhibitor's events.
    permission: ['press_release.manage_all', 'press_release.publish_own_company'],
    section: 'backOffice',
  },
  {
    titleKey: 'coverage.admin.menu',
    path: paths.coverageAdmin,
    icon: FactCheckOutlined,
    requiresAuth: true,
    permission: 'press_release.manage_all',
    section: 'backOffice',
  },
  {
    titleKey: 'campaigns.menu',
    path: paths.campaignsAdmin,
    icon: ForwardToInboxOutlined,
    requiresAuth: true,
    permission: 'campaign.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'awardAdmin.menu',
    path: paths.awardAdmin,
    icon: EmojiEventsOutlined,
    requiresAuth: true,
    permission: 'press_release.manage_all',
    section: 'backOffice',
  },
  {
    titleKey: 'accreditation.adminMenu',
    path: paths.accreditationAdmin,
    icon: BadgeOutlined,
    requiresAuth: true,
    permission: 'journalist.accredit',
    section: 'backOffice',
  },
  {
    titleKey: 'alerts.adminMenu',
    path: paths.alertsAdmin,
    icon: MarkEmailReadOutlined,
    requiresAuth: true,
    permission: 'press_release.manage_all',
    section: 'backOffice',
  },
  {
    titleKey: 'contactInbox.menu',
    path: paths.contactInbox,
    icon: InboxOutlined,
    requiresAuth: true,
    permission: 'contact.read_inbox',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.companies',
    path: paths.adminCompanies,
    icon: BusinessOutlined,
    requiresAuth: true,
    permission: 'company.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.exhibitors',
    path: paths.adminExhibitors,
    icon: EventSeatOutlined,
    requiresAuth: true,
    permission: 'company.manage',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.pressBox',
    path: paths.adminPressBox,
    icon: StorefrontOutlined,
    requiresAuth: true,
    // A company's administrators and agents (their own company's) and the press office (any company's) hold
    // it; the association's staff keep the registry, not the press boxes.
    permission: 'press_release.write_own_company',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.imports',
    path: paths.adminImports,
    icon: UploadFileOutlined,
    requiresAuth: true,
    // The associated companies import companies; the press office, coverage.
    permission: ['company.import', 'press_release.manage_all'],
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.users',
    path: paths.adminUsers,
    icon: PeopleOutlined,
    requiresAuth: true,
    // Held by company administrators (their own agents), the press office and administrator_global (everyone).
    permission: 'company_agent.manage_own_company',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.accreditations',
    path: paths.adminAccreditations,
    icon: HowToRegOutlined,
    requiresAuth: true,
    permission: 'journalist.accredit',
    section: 'backOffice',
  },
  {
    titleKey: 'backOffice.menu.errorReports',
    path: paths.adminErrorReports,
    icon: BugReportOutlined,
    requiresAuth: true,
    permission: 'error_report.read',
    section: 'backOffice',
  },
];
